<?xml version="1.0" encoding="UTF-8"?>
<!-- message.xsl: one message at its permanent URL, with links around it
     and its thread's overview at the bottom. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="message" mode="title"><xsl:value-of select="mail[1]/subject"/></xsl:template>

  <xsl:template match="message" mode="content">
    <xsl:apply-templates select="mail"/>
    <div class="nav message">
      <ul>
        <xsl:for-each select="nav/missing"><li>parent: <xsl:apply-templates select="." mode="placeholder"/></li></xsl:for-each>
        <xsl:for-each select="nav/link">
          <li><xsl:value-of select="translate(@rel, '-', ' ')"/>: <xsl:call-template name="mail-line"/></li>
        </xsl:for-each>
        <xsl:for-each select="nav/agenda"><li>agenda: <a href="{$root}{@href}"><xsl:value-of select="@title"/></a></li></xsl:for-each>
        <li><a href="{$root}{nav/thread/@href}">the whole thread</a></li>
      </ul>
    </div>
    <div class="thread">
      <h2>Thread</h2>
      <xsl:apply-templates select="skeleton"/>
    </div>
  </xsl:template>
</xsl:stylesheet>
