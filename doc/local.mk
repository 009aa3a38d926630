dist_man1_MANS += doc/mlarc.1
EXTRA_DIST += doc/mlarc-archive.rng doc/archive-format.md doc/design.md doc/VIOLATIONS.md
dist_pkgdata_DATA += doc/mlarc-archive.rng
EXTRA_DIST += doc/site-models.md doc/site-thread-1280.png doc/site-thread-390.png doc/site-message-1280.png doc/site-message-390.png doc/site-patch-1280.png doc/site-patch-390.png
