<?xml version="1.0" encoding="UTF-8"?>
<!-- feed.xsl: Atom 1.0 (RFC 4287): new messages, new threads, or one
     thread. Links are absolute with a base URL, else relative. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns="http://www.w3.org/2005/Atom">
  <xsl:output method="xml" encoding="UTF-8" indent="yes"/>

  <xsl:variable name="base">
    <xsl:choose>
      <xsl:when test="/feed/@base-url"><xsl:value-of select="/feed/@base-url"/></xsl:when>
      <xsl:otherwise><xsl:value-of select="/feed/@root"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>

  <xsl:template match="/feed">
    <feed>
      <title>
        <xsl:value-of select="@site-title"/>
        <xsl:choose>
          <xsl:when test="@kind = 'thread'">: a thread</xsl:when>
          <xsl:when test="@kind = 'threads'">: new threads</xsl:when>
          <xsl:otherwise>: new messages</xsl:otherwise>
        </xsl:choose>
      </title>
      <!-- A tag URI (RFC 4151) per list, the same in every build:
           doc/site-models.md, "Feeds". -->
      <id><xsl:value-of select="@atom-id"/></id>
      <updated><xsl:value-of select="@updated"/></updated>
      <author><name><xsl:value-of select="@site-title"/></name></author>
      <link rel="self" href="{$base}{@self}"/>
      <xsl:if test="@alternate"><link rel="alternate" href="{$base}{@alternate}"/></xsl:if>
      <xsl:for-each select="entry">
        <entry>
          <title><xsl:value-of select="@subject"/></title>
          <id><xsl:value-of select="@atom-id"/></id>
          <updated><xsl:value-of select="@updated"/></updated>
          <author><name><xsl:value-of select="@author"/></name></author>
          <link rel="alternate" href="{$base}{@href}"/>
          <xsl:if test="summary"><summary><xsl:value-of select="summary"/></summary></xsl:if>
        </entry>
      </xsl:for-each>
    </feed>
  </xsl:template>
</xsl:stylesheet>
