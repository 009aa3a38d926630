<?xml version="1.0" encoding="UTF-8"?>
<!-- list.xsl: a month's messages by date, author or subject. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="month.xsl"/>

  <xsl:template match="list" mode="title"><xsl:value-of select="@site-title"/>: <xsl:value-of select="@year"/>-<xsl:value-of select="@month"/> by <xsl:value-of select="@order"/></xsl:template>

  <xsl:template match="list" mode="content">
    <h1><xsl:value-of select="@year"/>-<xsl:value-of select="@month"/>, by <xsl:value-of select="@order"/></h1>
    <xsl:call-template name="month-nav"/>
    <ul class="mails">
      <xsl:for-each select="messages/mail"><li><xsl:call-template name="mail-line"/></li></xsl:for-each>
    </ul>
    <xsl:if test="pages/page">
      <div class="nav pages">
        <xsl:text>Pages: </xsl:text>
        <xsl:for-each select="pages/page">
          <xsl:choose>
            <xsl:when test="@current"><strong><xsl:value-of select="@number"/></strong></xsl:when>
            <xsl:otherwise><a href="{$root}{@href}"><xsl:value-of select="@number"/></a></xsl:otherwise>
          </xsl:choose>
          <xsl:text> </xsl:text>
        </xsl:for-each>
      </div>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
