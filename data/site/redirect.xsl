<?xml version="1.0" encoding="UTF-8"?>
<!-- redirect.xsl: where a page used to be: a thread that merged into
     another, or a message under the URL sites gave it before names were
     recorded. layout.xsl adds the meta refresh. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="redirect" mode="title">Moved</xsl:template>

  <xsl:template match="redirect" mode="content">
    <h1>Moved</h1>
    <xsl:choose>
      <xsl:when test="@kind = 'message'">
        <p>This message is now at <a href="{$root}{@href}"><xsl:value-of select="@href"/></a>.</p>
      </xsl:when>
      <xsl:otherwise>
        <p>This thread is now part of <a href="{$root}{@href}">a larger thread</a>.</p>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>
</xsl:stylesheet>
