From: x@example.org
Subject: new/0999.b

body
