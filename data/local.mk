dist_pkgdata_DATA += data/agenda-vocabulary.ini
