<?xml version="1.0" encoding="UTF-8"?>
<!-- month.xsl: the threads active in a month, newest activity first. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="home.xsl"/>

  <xsl:template match="month" mode="title"><xsl:value-of select="@site-title"/>: <xsl:value-of select="@year"/>-<xsl:value-of select="@month"/></xsl:template>

  <xsl:template name="month-nav">
    <div class="nav month">
      <xsl:if test="/*/@prev"><a rel="prev" href="{$root}{/*/@prev}">← previous month</a></xsl:if>
      <a href="{$root}{/*/@path}/index.html">threads</a>
      <a href="{$root}{/*/@path}/by-date.html">by date</a>
      <a href="{$root}{/*/@path}/by-author.html">by author</a>
      <a href="{$root}{/*/@path}/by-subject.html">by subject</a>
      <xsl:if test="/*/@next"><a rel="next" href="{$root}{/*/@next}">next month →</a></xsl:if>
    </div>
  </xsl:template>

  <xsl:template match="month" mode="content">
    <h1><xsl:value-of select="@year"/>-<xsl:value-of select="@month"/></h1>
    <xsl:call-template name="month-nav"/>
    <p class="counts"><xsl:value-of select="@messages"/> messages; page <xsl:value-of select="@page"/> of <xsl:value-of select="@pages"/>.</p>
    <ul class="threads">
      <xsl:for-each select="threads/thread">
        <li>
          <a href="{$root}{@href}"><xsl:value-of select="@subject"/></a>
          <span class="meta"> · <xsl:value-of select="@in-month"/> of <xsl:value-of select="@messages"/> messages this month · last <xsl:value-of select="@last"/> · 
            <xsl:for-each select="participants/person"><xsl:if test="position() &gt; 1">, </xsl:if><xsl:value-of select="."/></xsl:for-each>
          </span>
        </li>
      </xsl:for-each>
    </ul>
    <xsl:if test="@pages &gt; 1">
      <div class="nav pages">
        <xsl:call-template name="page-links"><xsl:with-param name="n" select="1"/></xsl:call-template>
      </div>
    </xsl:if>
  </xsl:template>

  <xsl:template name="page-links">
    <xsl:param name="n"/>
    <xsl:choose>
      <xsl:when test="$n = 1"><a href="{$root}{/*/@path}/index.html">1</a></xsl:when>
      <xsl:otherwise><a href="{$root}{/*/@path}/page-{$n}.html"><xsl:value-of select="$n"/></a></xsl:otherwise>
    </xsl:choose>
    <xsl:text> </xsl:text>
    <xsl:if test="$n &lt; /*/@pages">
      <xsl:call-template name="page-links"><xsl:with-param name="n" select="$n + 1"/></xsl:call-template>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
