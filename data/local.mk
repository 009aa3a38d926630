dist_pkgdata_DATA += data/agenda-vocabulary.ini
sitedir = $(pkgdatadir)/site
mla_site_files = data/site/layout.xsl data/site/home.xsl data/site/month.xsl data/site/list.xsl \
	data/site/thread.xsl data/site/message.xsl data/site/feed.xsl data/site/redirect.xsl \
	data/site/agenda.xsl data/site/agendas.xsl data/site/search.xsl \
	data/site/lists.xsl data/site/lookup.xsl \
	data/site/style.css data/site/search.js
dist_site_DATA = $(mla_site_files)
