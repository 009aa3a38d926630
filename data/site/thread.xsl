<?xml version="1.0" encoding="UTF-8"?>
<!-- thread.xsl: a whole conversation: its overview, then every message in
     tree order; subject matches listed apart. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="thread" mode="title"><xsl:value-of select="@subject"/></xsl:template>

  <xsl:template match="thread" mode="content">
    <h1><xsl:value-of select="@subject"/></h1>
    <p class="counts"><xsl:value-of select="@messages"/> messages<xsl:if test="@pages &gt; 1">, page <xsl:value-of select="@page"/> of <xsl:value-of select="@pages"/></xsl:if> ·
      <a href="{$root}{@mbox}">download as mbox</a> ·
      <xsl:if test="@series"><a href="{$root}{@series}">the patch series (for git am)</a> ·</xsl:if>
      <a href="{$root}{@feed}">Atom feed</a></p>
    <xsl:apply-templates select="pages"/>
    <xsl:apply-templates select="skeleton"/>
    <xsl:apply-templates select="messages/mail"/>
    <xsl:if test="subject-matches/mail">
      <div class="subject-matches">
        <h2>Same subject, not replies</h2>
        <xsl:apply-templates select="subject-matches/mail"/>
      </div>
    </xsl:if>
    <xsl:apply-templates select="pages"/>
  </xsl:template>

  <xsl:template match="pages">
    <xsl:if test="page">
      <div class="nav pages">
        <xsl:text>Pages: </xsl:text>
        <xsl:for-each select="page">
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
