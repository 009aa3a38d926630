<?xml version="1.0" encoding="UTF-8"?>
<!-- search.xsl: the search page, made only when the site has a Pagefind
     index. It is the one page with a script (search.js, beside
     style.css), and the only one whose Content-Security-Policy lets a
     script run: Pagefind's own files from the site, its WebAssembly
     ('wasm-unsafe-eval'), its worker and its index fetches. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:variable name="policy-extra">; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'</xsl:variable>

  <xsl:template match="search" mode="title">Search · <xsl:value-of select="@site-title"/></xsl:template>

  <xsl:template match="search" mode="content">
    <h1>Search</h1>
    <form class="search" id="search" role="search">
      <xsl:attribute name="data-indexes">
        <xsl:for-each select="index"><xsl:if test="position() &gt; 1"><xsl:text> </xsl:text></xsl:if><xsl:value-of select="@href"/></xsl:for-each>
      </xsl:attribute>
      <xsl:attribute name="data-pages">
        <xsl:for-each select="index"><xsl:if test="position() &gt; 1"><xsl:text> </xsl:text></xsl:if><xsl:value-of select="@pages"/></xsl:for-each>
      </xsl:attribute>
      <!-- On a host of lists: the list of each bundle, and a list filter. -->
      <xsl:if test="list">
        <xsl:attribute name="data-lists">
          <xsl:for-each select="index"><xsl:if test="position() &gt; 1"><xsl:text> </xsl:text></xsl:if><xsl:value-of select="@list"/></xsl:for-each>
        </xsl:attribute>
      </xsl:if>
      <input type="search" name="q" id="q" placeholder="Words to find" aria-label="Words to find" autocomplete="off"/>
      <xsl:text> </xsl:text>
      <xsl:if test="list">
        <select name="list" id="list" aria-label="List">
          <option value="">All lists</option>
          <xsl:for-each select="list"><option><xsl:value-of select="@name"/></option></xsl:for-each>
        </select>
        <xsl:text> </xsl:text>
      </xsl:if>
      <select name="year" id="year" aria-label="Year">
        <option value="">All years</option>
        <xsl:for-each select="year"><option><xsl:value-of select="@value"/></option></xsl:for-each>
      </select>
      <xsl:text> </xsl:text>
      <select name="sort" id="sort" aria-label="Order">
        <option value="">Best match</option>
        <option value="desc">Newest first</option>
        <option value="asc">Oldest first</option>
      </select>
    </form>
    <p id="status" class="meta">Search runs in your browser: it needs JavaScript, and the site served over http:// or https://.</p>
    <ol id="results" class="results"></ol>
    <p><button type="button" id="more" hidden="">More results</button>
      <xsl:text> </xsl:text><button type="button" id="older" hidden="">Search older messages too</button></p>
    <script src="{$root}search.js"></script>
  </xsl:template>
</xsl:stylesheet>
