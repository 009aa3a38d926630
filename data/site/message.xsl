<?xml version="1.0" encoding="UTF-8"?>
<!-- message.xsl: one message at its permanent URL, with links around it
     and its thread's overview at the bottom. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:template match="message" mode="title"><xsl:value-of select="mail[1]/subject"/></xsl:template>

  <xsl:template match="message" mode="content">
    <xsl:apply-templates select="mail"/>
    <nav class="nav message" aria-label="Around this message">
      <ul>
        <xsl:for-each select="nav/missing"><li>parent: <xsl:apply-templates select="." mode="placeholder"/></li></xsl:for-each>
        <xsl:for-each select="nav/link">
          <li><xsl:value-of select="translate(@rel, '-', ' ')"/>: <xsl:call-template name="mail-line"/></li>
        </xsl:for-each>
        <xsl:for-each select="nav/agenda"><li>agenda: <a href="{$root}{@href}"><xsl:value-of select="@title"/></a></li></xsl:for-each>
        <li><a href="{$root}{nav/thread/@href}">the whole thread</a></li>
        <xsl:if test="reply"><li><a href="#reply">reply</a></li></xsl:if>
      </ul>
    </nav>
    <div class="thread">
      <h2>Thread</h2>
      <xsl:apply-templates select="skeleton"/>
    </div>
    <xsl:apply-templates select="reply"/>
  </xsl:template>

  <!-- How to reply, as public-inbox's pages say it: a mailto: link that
       sets In-Reply-To, and the git send-email line. -->
  <xsl:template match="reply">
    <section class="reply" id="reply" aria-labelledby="reply-title">
      <h2 id="reply-title">Reply</h2>
      <xsl:choose>
        <xsl:when test="@mailto">
          <p>Reply with your mail client: <a href="{@mailto}">write to <xsl:value-of select="@to"/></a>
            (with In-Reply-To set, so that your reply joins this thread, if your client takes it from the link),
            or save your reply in a file and send it with git send-email:</p>
          <pre class="send-email">
            <xsl:text>git send-email \&#10;</xsl:text>
            <xsl:for-each select="arg"><xsl:text>  </xsl:text><xsl:value-of select="."/><xsl:text> \&#10;</xsl:text></xsl:for-each>
            <xsl:text>  /path/to/YOUR_REPLY</xsl:text>
          </pre>
          <xsl:if test="@list"><p>The list's address is <xsl:value-of select="@list"/>.</p></xsl:if>
        </xsl:when>
        <xsl:otherwise>
          <p>This message names no list address to reply to. Send your reply to the list with the header
            <code>In-Reply-To: &lt;<xsl:value-of select="@in-reply-to"/>&gt;</code> and the subject
            <q><xsl:value-of select="@subject"/></q>, so that it joins this thread.</p>
        </xsl:otherwise>
      </xsl:choose>
    </section>
  </xsl:template>
</xsl:stylesheet>
