dist_man1_MANS += doc/mlarc.1
EXTRA_DIST += doc/mlarc-archive.rng doc/archive-format.md doc/design.md doc/VIOLATIONS.md
dist_pkgdata_DATA += doc/mlarc-archive.rng
