From: x@example.org
Subject: .Sub.Deeper/new/3000.d

body
