<?xml version="1.0" encoding="UTF-8"?>
<!-- redirect.xsl: where a thread that merged into another used to be. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="redirect" mode="title">Moved</xsl:template>

  <xsl:template match="redirect" mode="content">
    <p>This thread is now part of <a href="{$root}{@href}">a larger thread</a>.</p>
  </xsl:template>
</xsl:stylesheet>
