<?xml version="1.0" encoding="UTF-8"?>
<!-- layout.xsl: the frame of every page (head, Content-Security-Policy,
     header, footer). Each page stylesheet imports it and provides the
     "title" and "content" modes for its model's root element; see
     doc/site-models.md. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" encoding="UTF-8" doctype-system="about:legacy-compat" indent="no"/>

  <xsl:variable name="root" select="/*/@root"/>
  <!-- What a page adds to the Content-Security-Policy: nothing, but on the
       search page (search.xsl), the only page with a script. -->
  <xsl:variable name="policy-extra" select="''"/>

  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="UTF-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <xsl:choose>
          <!-- A page on its own (mlarc agenda -f html): its style inlined,
               allowed by the hash of exactly that text. -->
          <xsl:when test="/*/@standalone">
            <meta http-equiv="Content-Security-Policy"
                  content="default-src 'none'; style-src '{/*/@style-hash}'; base-uri 'none'; form-action 'none'"/>
          </xsl:when>
          <xsl:otherwise>
            <meta http-equiv="Content-Security-Policy"
                  content="default-src 'none'; style-src 'self' file:; img-src 'self' file: data:; base-uri 'none'; form-action 'none'{$policy-extra}"/>
          </xsl:otherwise>
        </xsl:choose>
        <meta name="referrer" content="no-referrer"/>
        <xsl:if test="/redirect">
          <meta http-equiv="refresh" content="0; url={$root}{/redirect/@href}"/>
        </xsl:if>
        <xsl:if test="/lookup[count(found) = 1]">
          <meta http-equiv="refresh" content="0; url={$root}{/lookup/found/@href}"/>
        </xsl:if>
        <title><xsl:apply-templates select="/*" mode="title"/></title>
        <xsl:choose>
          <xsl:when test="/*/@standalone"><style><xsl:value-of select="/*/style"/></style></xsl:when>
          <xsl:otherwise>
            <link rel="stylesheet" href="{$root}style.css"/>
            <!-- A host of lists (@host) has no feed of its own: each list has. -->
            <xsl:if test="not(/*/@host)">
              <link rel="alternate" type="application/atom+xml" title="New messages" href="{$root}new.atom"/>
            </xsl:if>
          </xsl:otherwise>
        </xsl:choose>
      </head>
      <body>
        <xsl:if test="not(/*/@standalone)">
          <header class="site-header">
            <nav aria-label="Site">
              <!-- A list of a host of lists (mlarc host): its front page. -->
              <xsl:if test="/*/@up">
                <a class="up" href="{$root}{/*/@up}index.html">All lists</a>
              </xsl:if>
              <a class="home" href="{$root}index.html"><xsl:value-of select="/*/@site-title"/></a>
              <xsl:if test="/*/@search">
                <a class="search" href="{$root}{/*/@search}">Search</a>
              </xsl:if>
            </nav>
          </header>
        </xsl:if>
        <main class="main">
          <xsl:apply-templates select="/*" mode="content"/>
        </main>
        <footer class="site-footer">
          <xsl:if test="not(/*/@standalone)">
            <a href="{$root}index.html">Home</a>
            <xsl:text> · </xsl:text>
            <xsl:if test="not(/*/@host)">
              <a href="{$root}new.atom">New messages (Atom)</a>
              <xsl:text> · </xsl:text>
              <a href="{$root}threads.atom">New threads (Atom)</a>
              <xsl:text> · </xsl:text>
            </xsl:if>
          </xsl:if>
          <xsl:text>made by mlarc</xsl:text>
        </footer>
      </body>
    </html>
  </xsl:template>

  <!-- A link to a message, with its date and author, as listings show it. -->
  <xsl:template name="mail-line">
    <span class="date"><xsl:value-of select="@date"/></span>
    <xsl:text> </xsl:text>
    <a href="{$root}{@href}"><xsl:value-of select="@subject"/></a>
    <xsl:text> </xsl:text>
    <span class="author"><xsl:value-of select="@author"/></span>
  </xsl:template>

  <!-- A message the thread names that is not here: never archived, or
       removed (mlarc remove). -->
  <xsl:template match="missing" mode="placeholder">
    <span class="missing">
      <xsl:choose>
        <xsl:when test="@removed = 'true'">(removed)</xsl:when>
        <xsl:otherwise>(not archived)</xsl:otherwise>
      </xsl:choose>
      <xsl:text> &lt;</xsl:text><xsl:value-of select="@id"/>&gt;</span>
  </xsl:template>

  <!-- The thread overview: one line per message, indented by depth. -->
  <xsl:template match="skeleton">
    <ul class="skeleton">
      <xsl:for-each select="node | missing | gap">
        <li class="depth-{@depth}">
          <xsl:if test="@current"><xsl:attribute name="class">depth-<xsl:value-of select="@depth"/> current</xsl:attribute></xsl:if>
          <xsl:if test="@real-depth"><span class="deep">[<xsl:value-of select="@real-depth"/>] </span></xsl:if>
          <xsl:if test="@match = 'subject'"><span class="loose" title="same subject, not a reply">~ </span></xsl:if>
          <xsl:choose>
            <xsl:when test="self::gap">
              <a class="gap" href="{$root}{../@href}">…<xsl:if test="@count"><xsl:text> </xsl:text><xsl:value-of select="@count"/></xsl:if> more in the thread</a>
            </xsl:when>
            <xsl:when test="self::missing">
              <xsl:apply-templates select="." mode="placeholder"/>
            </xsl:when>
            <xsl:otherwise><xsl:call-template name="mail-line"/></xsl:otherwise>
          </xsl:choose>
        </li>
      </xsl:for-each>
    </ul>
  </xsl:template>

  <!-- A whole message: headers, text (quotes styled, long ones folded),
       attachments. On a message page the first message is what Pagefind
       indexes (data-pagefind-body): its subject, author and own text, with
       its date, year, month and author as meta, filters and sort key;
       headers, quotes and links are marked data-pagefind-ignore. Other
       pages carry no data-pagefind-body, so Pagefind skips them. -->
  <xsl:template match="mail">
    <xsl:variable name="indexed" select="parent::message and not(preceding-sibling::mail)"/>
    <xsl:variable name="author">
      <xsl:value-of select="from/@name"/>
      <xsl:if test="not(normalize-space(from/@name))"><xsl:value-of select="from/@address"/></xsl:if>
    </xsl:variable>
    <xsl:variable name="iso" select="concat(substring(@date-utc, 1, 10), 'T', substring(@date-utc, 12, 8), 'Z')"/>
    <div class="mail" id="{@anchor}">
      <xsl:if test="$indexed">
        <xsl:attribute name="data-pagefind-body"/>
        <xsl:attribute name="data-pagefind-sort">date:<xsl:value-of select="$iso"/></xsl:attribute>
      </xsl:if>
      <!-- The page's own message is its h1; others are h2. -->
      <xsl:element name="{concat('h', 2 - number($indexed))}">
        <xsl:attribute name="class">subject</xsl:attribute>
        <xsl:if test="$indexed"><xsl:attribute name="data-pagefind-meta">title</xsl:attribute></xsl:if>
        <a href="{$root}{@href}"><xsl:value-of select="subject"/></a>
      </xsl:element>
      <dl class="headers">
        <dt data-pagefind-ignore="">From</dt>
        <dd>
          <xsl:if test="$indexed">
            <xsl:attribute name="data-pagefind-meta">author:<xsl:value-of select="$author"/></xsl:attribute>
            <xsl:attribute name="data-pagefind-filter">author:<xsl:value-of select="$author"/></xsl:attribute>
          </xsl:if>
          <xsl:apply-templates select="from"/>
        </dd>
        <dt data-pagefind-ignore="">
          <xsl:if test="$indexed"><xsl:attribute name="data-pagefind-filter">year:<xsl:value-of select="substring(@date-utc, 1, 4)"/></xsl:attribute></xsl:if>
          <xsl:text>Date</xsl:text>
        </dt>
        <dd data-pagefind-ignore="">
          <xsl:if test="$indexed">
            <xsl:attribute name="data-pagefind-filter">month:<xsl:value-of select="substring(@date-utc, 1, 7)"/></xsl:attribute>
            <xsl:attribute name="data-pagefind-meta">date:<xsl:value-of select="substring(@date-utc, 1, 16)"/> UTC</xsl:attribute>
          </xsl:if>
          <xsl:value-of select="@date-utc"/> (<xsl:value-of select="@date-local"/>)</dd>
        <xsl:if test="to"><dt data-pagefind-ignore="">To</dt><dd data-pagefind-ignore=""><xsl:apply-templates select="to"/></dd></xsl:if>
        <xsl:if test="cc"><dt data-pagefind-ignore="">Cc</dt><dd data-pagefind-ignore=""><xsl:apply-templates select="cc"/></dd></xsl:if>
        <dt data-pagefind-ignore="">Message-ID</dt><dd class="id" data-pagefind-ignore="">&lt;<xsl:value-of select="@id"/>&gt;<xsl:if test="@shared-id">
          <xsl:text> </xsl:text><a class="shared-id" href="{$root}{@href}">(duplicate Message-ID: <xsl:value-of select="@shared-id"/> messages have it; replies go to the first archived)</a></xsl:if></dd>
      </dl>
      <xsl:apply-templates select="body"/>
      <xsl:if test="attachment">
        <ul class="attachments" data-pagefind-ignore="">
          <xsl:for-each select="attachment">
            <li><a href="{$root}{@href}" download=""><xsl:value-of select="@name"/></a> (<xsl:value-of select="@type"/>, <xsl:value-of select="@size"/> bytes)</li>
          </xsl:for-each>
        </ul>
      </xsl:if>
      <p class="raw" data-pagefind-ignore=""><a href="{$root}{@raw}">raw message</a>
        <xsl:if test="@html"> · <a href="{$root}{@html}">the HTML it was written in, as text</a></xsl:if></p>
    </div>
  </xsl:template>

  <xsl:template match="from | to | cc">
    <xsl:if test="position() &gt; 1">, </xsl:if>
    <xsl:value-of select="@name"/>
    <xsl:if test="@address">
      <xsl:if test="@name"><xsl:text> </xsl:text></xsl:if>
      <span class="address">&lt;<xsl:value-of select="@address"/>&gt;</span>
    </xsl:if>
  </xsl:template>

  <xsl:template match="body">
    <div class="body">
      <xsl:for-each select="block">
        <xsl:choose>
          <xsl:when test="@patch"><pre class="patch"><xsl:apply-templates/></pre></xsl:when>
          <xsl:when test="@depth = 0"><pre><xsl:apply-templates/></pre></xsl:when>
          <xsl:when test="@lines &gt; ../@fold">
            <details class="quote depth-{@depth}" data-pagefind-ignore="">
              <summary><xsl:value-of select="@lines"/> quoted lines</summary>
              <pre><xsl:apply-templates/></pre>
            </details>
          </xsl:when>
          <xsl:otherwise><blockquote class="depth-{@depth}" data-pagefind-ignore=""><pre><xsl:apply-templates/></pre></blockquote></xsl:otherwise>
        </xsl:choose>
      </xsl:for-each>
    </div>
  </xsl:template>

  <!-- A line of a patch: diff-add, diff-del, diff-hunk, diff-file,
       diff-stat. -->
  <xsl:template match="block/d">
    <span class="diff-{@kind}"><xsl:apply-templates/></span>
  </xsl:template>

  <xsl:template match="block/a | block/d/a">
    <a href="{@href}" rel="nofollow noopener noreferrer"><xsl:value-of select="."/></a>
  </xsl:template>
</xsl:stylesheet>
