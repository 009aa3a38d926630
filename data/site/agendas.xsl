<?xml version="1.0" encoding="UTF-8"?>
<!-- agendas.xsl: the agendas found in the list's mail. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="agendas" mode="title"><xsl:value-of select="@site-title"/>: agendas</xsl:template>

  <xsl:template match="agendas" mode="content">
    <h1>Agendas</h1>
    <xsl:call-template name="agenda-list"><xsl:with-param name="agendas" select="agenda"/></xsl:call-template>
  </xsl:template>

  <xsl:template name="agenda-list">
    <xsl:param name="agendas"/>
    <ul class="agendas">
      <xsl:for-each select="$agendas">
        <li>
          <a href="{$root}{@href}"><xsl:value-of select="@title"/></a>
          <span class="meta"> · <xsl:value-of select="@days"/> days, <xsl:value-of select="@slots"/> slots<xsl:if test="@revisions"> · revision <xsl:value-of select="@revisions"/> (the newest)</xsl:if> · from
            <a href="{$root}{mail/@href}"><xsl:value-of select="mail/@subject"/></a>
            (<xsl:value-of select="mail/@author"/>, <xsl:value-of select="mail/@date"/>)</span>
        </li>
      </xsl:for-each>
    </ul>
  </xsl:template>
</xsl:stylesheet>
