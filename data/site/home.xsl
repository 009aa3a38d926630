<?xml version="1.0" encoding="UTF-8"?>
<!-- home.xsl: the list's front page. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="agendas.xsl"/>

  <xsl:template match="home" mode="title"><xsl:value-of select="@site-title"/></xsl:template>

  <xsl:template match="home" mode="content">
    <h1><xsl:value-of select="@site-title"/></h1>
    <p class="counts"><xsl:value-of select="@messages"/> messages in <xsl:value-of select="@threads"/> threads.</p>
    <div class="section">
      <h2>Newest threads</h2>
      <xsl:call-template name="thread-list"><xsl:with-param name="threads" select="newest/thread"/></xsl:call-template>
    </div>
    <xsl:if test="agendas/agenda">
      <div class="section">
        <h2>Agendas</h2>
        <xsl:call-template name="agenda-list"><xsl:with-param name="agendas" select="agendas/agenda"/></xsl:call-template>
      </div>
    </xsl:if>
    <xsl:apply-templates select="list"/>
    <div class="section">
      <h2>By month</h2>
      <table class="months">
        <thead><tr><th>Month</th><th>Messages</th><th>Threads</th></tr></thead>
        <tbody>
          <xsl:for-each select="months/month">
            <tr>
              <td><a href="{$root}{@href}"><xsl:value-of select="@year"/>-<xsl:value-of select="@month"/></a></td>
              <td><xsl:value-of select="@messages"/></td>
              <td><xsl:value-of select="@threads"/></td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
    </div>
  </xsl:template>

  <!-- How to take part, from the List-* fields of recent mail. -->
  <xsl:template match="home/list">
    <div class="section list-info">
      <h2>Taking part</h2>
      <ul>
        <xsl:choose>
          <xsl:when test="@no-posting"><li>The list takes no posts.</li></xsl:when>
          <xsl:when test="@post"><li>Post to the list: <a href="{@post-href}"><xsl:value-of select="@post"/></a></li></xsl:when>
        </xsl:choose>
        <xsl:for-each select="link">
          <li>
            <xsl:choose>
              <xsl:when test="@kind = 'subscribe'">Subscribe</xsl:when>
              <xsl:when test="@kind = 'unsubscribe'">Unsubscribe</xsl:when>
              <xsl:when test="@kind = 'help'">Help</xsl:when>
              <xsl:otherwise>The list's own archive</xsl:otherwise>
            </xsl:choose>
            <xsl:text>: </xsl:text>
            <a href="{@href}" rel="nofollow noopener noreferrer"><xsl:value-of select="@href"/></a>
          </li>
        </xsl:for-each>
      </ul>
    </div>
  </xsl:template>

  <xsl:template name="thread-list">
    <xsl:param name="threads"/>
    <ul class="threads">
      <xsl:for-each select="$threads">
        <li>
          <a href="{$root}{@href}"><xsl:value-of select="@subject"/></a>
          <span class="meta"> · <xsl:value-of select="@messages"/> messages · <xsl:value-of select="@last"/> · 
            <xsl:for-each select="participants/person"><xsl:if test="position() &gt; 1">, </xsl:if><xsl:value-of select="."/></xsl:for-each>
          </span>
        </li>
      </xsl:for-each>
    </ul>
  </xsl:template>
</xsl:stylesheet>
