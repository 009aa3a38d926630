From: x@example.org
Subject: nested/cur/4000.e

body
