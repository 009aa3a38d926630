<?xml version="1.0" encoding="UTF-8"?>
<!-- lookup.xsl: r/MESSAGE-ID/ on a host of lists (mlarc host): the
     message in each list that has it; layout.xsl sends the reader on when
     only one list has it. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="lookup" mode="title">&lt;<xsl:value-of select="@id"/>&gt; · <xsl:value-of select="@site-title"/></xsl:template>

  <xsl:template match="lookup" mode="content">
    <h1>&lt;<xsl:value-of select="@id"/>&gt;</h1>
    <p>This message is in <xsl:value-of select="count(found)"/>
      <xsl:choose><xsl:when test="count(found) = 1"> list</xsl:when><xsl:otherwise> lists</xsl:otherwise></xsl:choose>:</p>
    <ul class="threads">
      <xsl:for-each select="found">
        <li><a href="{$root}{@href}"><xsl:value-of select="@list"/></a>
          <xsl:if test="@subject"><span class="meta"> · <xsl:value-of select="@subject"/></span></xsl:if></li>
      </xsl:for-each>
    </ul>
  </xsl:template>
</xsl:stylesheet>
