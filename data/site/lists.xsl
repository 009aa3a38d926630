<?xml version="1.0" encoding="UTF-8"?>
<!-- lists.xsl: the front page of a host of lists (mlarc host): each list
     with its List-Id, messages, last activity and feeds; how to find a
     message by its Message-ID. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="lists" mode="title"><xsl:value-of select="@site-title"/></xsl:template>

  <xsl:template match="lists" mode="content">
    <h1><xsl:value-of select="@site-title"/></h1>
    <p class="counts"><xsl:value-of select="count(list)"/> lists.</p>
    <table class="months lists">
      <thead><tr><th>List</th><th>Description</th><th>Messages</th><th>Last activity</th><th>Feeds</th></tr></thead>
      <tbody>
        <xsl:for-each select="list">
          <tr>
            <td><a href="{$root}{@href}"><xsl:value-of select="@name"/></a></td>
            <td><xsl:value-of select="@description"/></td>
            <td><xsl:value-of select="@messages"/></td>
            <td><xsl:value-of select="@last"/></td>
            <td>
              <a href="{$root}{@feed}">messages</a>
              <xsl:text> · </xsl:text>
              <a href="{$root}{@threads-feed}">threads</a>
            </td>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
    <div class="section">
      <h2>A message by its Message-ID</h2>
      <p>Every message of every list is at
        <code><xsl:value-of select="$root"/>r/MESSAGE-ID/</code>, the id without its angle brackets
        <xsl:if test="@example"> (for example <a href="{$root}{@example-href}">r/<xsl:value-of select="@example"/>/</a>)</xsl:if>,
        which leads to the lists that have it.</p>
    </div>
  </xsl:template>
</xsl:stylesheet>
