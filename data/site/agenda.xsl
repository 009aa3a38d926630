<?xml version="1.0" encoding="UTF-8"?>
<!-- agenda.xsl: an agenda as a timetable: a table per day, a row per start
     time, a column per room when sessions run in parallel; breaks, meals
     and social events shaded. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="layout.xsl"/>

  <xsl:key name="slot-by-start" match="slot" use="concat(generate-id(..), ' ', @start)"/>

  <xsl:template match="agenda" mode="title"><xsl:value-of select="@title"/></xsl:template>

  <xsl:template match="agenda" mode="content">
    <h1><xsl:value-of select="@title"/></h1>
    <xsl:choose>
      <xsl:when test="mail">
        <p class="counts">From <a href="{$root}{mail/@href}"><xsl:value-of select="mail/@subject"/></a>
      (<xsl:value-of select="mail/@author"/>, <xsl:value-of select="mail/@date"/>) ·
      <a href="{$root}{@ics}">add to a calendar (iCalendar)</a>
      <xsl:if test="@timezone"> · times in <xsl:value-of select="@timezone"/></xsl:if></p>
      </xsl:when>
      <!-- A page on its own knows its message by id only. -->
      <xsl:when test="@message-id or @timezone">
        <p class="counts"><xsl:if test="@message-id">From message &lt;<xsl:value-of select="@message-id"/>&gt;</xsl:if>
          <xsl:if test="@message-id and @timezone"> · </xsl:if>
          <xsl:if test="@timezone">times in <xsl:value-of select="@timezone"/></xsl:if></p>
      </xsl:when>
    </xsl:choose>
    <xsl:apply-templates select="revisions"/>
    <xsl:apply-templates select="day"/>
    <xsl:if test="dropped">
      <h2>Dropped since revision <xsl:value-of select="@revision - 1"/></h2>
      <ul class="dropped">
        <xsl:for-each select="dropped/slot">
          <li><del><xsl:apply-templates select="." mode="place"/><xsl:text> </xsl:text><xsl:apply-templates select="." mode="title"/></del></li>
        </xsl:for-each>
      </ul>
    </xsl:if>
  </xsl:template>

  <!-- The agenda's revisions, this one in bold, and how its slots are
       marked against the one before. -->
  <xsl:template match="revisions">
    <p class="revisions">Revision <xsl:value-of select="../@revision"/> of <xsl:value-of select="count(revision)"/>:
      <xsl:for-each select="revision">
        <xsl:if test="position() &gt; 1"> · </xsl:if>
        <xsl:choose>
          <xsl:when test="@current"><strong><xsl:value-of select="@number"/></strong></xsl:when>
          <xsl:otherwise><a href="{$root}{@page}"><xsl:value-of select="@number"/></a></xsl:otherwise>
        </xsl:choose>
        <xsl:text> (</xsl:text><a href="{$root}{@href}"><xsl:value-of select="@date"/></a>, <xsl:value-of select="@author"/>)</xsl:for-each></p>
    <xsl:if test="not(revision[last()]/@current)">
      <p class="newer">A newer revision replaces this one: <a href="{$root}{revision[last()]/@page}">revision <xsl:value-of select="revision[last()]/@number"/></a>.</p>
    </xsl:if>
    <xsl:if test="../@revision &gt; 1">
      <p class="legend">Marked against revision <xsl:value-of select="../@revision - 1"/>:
        <span class="change change-added">new</span> slots,
        <span class="change change-moved">moved</span> ones (same title, another time or room)<xsl:if test="../dropped">;
        dropped ones are listed below</xsl:if>.</p>
    </xsl:if>
  </xsl:template>

  <!-- "Monday (2004-07-19) 10:00–10:30, Room A" -->
  <xsl:template match="slot | was" mode="place">
    <xsl:value-of select="@day-name"/>
    <xsl:if test="@date"><xsl:if test="@day-name"><xsl:text> </xsl:text></xsl:if>(<xsl:value-of select="@date"/>)</xsl:if>
    <xsl:text> </xsl:text><xsl:value-of select="@start"/><xsl:if test="@end">–<xsl:value-of select="@end"/></xsl:if>
    <xsl:if test="@room">, <xsl:value-of select="@room"/></xsl:if>
  </xsl:template>

  <xsl:template match="slot" mode="title">
    <xsl:choose>
      <xsl:when test="normalize-space(title)"><xsl:value-of select="title"/></xsl:when>
      <!-- An untitled slot is named after its kind: "Social". -->
      <xsl:otherwise><xsl:value-of select="concat(translate(substring(@kind, 1, 1), 'bms', 'BMS'), substring(@kind, 2))"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template match="day">
    <xsl:variable name="day" select="."/>
    <h2>
      <xsl:choose>
        <xsl:when test="@name and @date"><xsl:value-of select="@name"/> (<xsl:value-of select="@date"/>)</xsl:when>
        <xsl:when test="@name | @date"><xsl:value-of select="@name | @date"/></xsl:when>
        <xsl:otherwise>Day <xsl:value-of select="position()"/></xsl:otherwise>
      </xsl:choose>
    </h2>
    <table class="timetable">
      <thead>
        <tr>
          <th>Time</th>
          <xsl:choose>
            <xsl:when test="rooms/room"><xsl:for-each select="rooms/room"><th><xsl:value-of select="."/></th></xsl:for-each></xsl:when>
            <xsl:otherwise><th>Session</th></xsl:otherwise>
          </xsl:choose>
        </tr>
      </thead>
      <tbody>
        <!-- One row per start time, in the order the agenda gives them. -->
        <xsl:for-each select="slot[generate-id() = generate-id(key('slot-by-start', concat(generate-id($day), ' ', @start))[1])]">
          <xsl:variable name="here" select="key('slot-by-start', concat(generate-id($day), ' ', @start))"/>
          <tr>
            <th class="time"><xsl:value-of select="@start"/><xsl:if test="@end">–<xsl:value-of select="@end"/></xsl:if></th>
            <xsl:choose>
              <xsl:when test="$day/rooms/room">
                <xsl:choose>
                  <!-- A slot with no room (a break, a plenary) spans the rooms. -->
                  <xsl:when test="not($here[@room])">
                    <td colspan="{count($day/rooms/room)}"><xsl:apply-templates select="$here" mode="cell"/></td>
                  </xsl:when>
                  <xsl:otherwise>
                    <xsl:for-each select="$day/rooms/room">
                      <xsl:variable name="room" select="."/>
                      <td><xsl:apply-templates select="$here[@room = $room]" mode="cell"/></td>
                    </xsl:for-each>
                  </xsl:otherwise>
                </xsl:choose>
              </xsl:when>
              <xsl:otherwise><td><xsl:apply-templates select="$here" mode="cell"/></td></xsl:otherwise>
            </xsl:choose>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>

  <xsl:template match="slot" mode="cell">
    <div class="slot kind-{@kind}">
      <xsl:if test="@change"><xsl:attribute name="class">slot kind-<xsl:value-of select="@kind"/> change-<xsl:value-of select="@change"/></xsl:attribute></xsl:if>
      <span class="title"><xsl:apply-templates select="." mode="title"/></span>
      <xsl:if test="@change = 'added'"><span class="change change-added">new</span></xsl:if>
      <xsl:if test="was"><span class="change change-moved">moved from <xsl:apply-templates select="was" mode="place"/></span></xsl:if>
      <xsl:if test="location"><span class="location"> · <xsl:value-of select="location"/></span></xsl:if>
      <xsl:if test="person">
        <span class="people">
          <xsl:for-each select="person">
            <xsl:text> · </xsl:text>
            <xsl:value-of select="@role"/>: <xsl:value-of select="."/>
            <xsl:if test="@confirmed = 'false'"> (unconfirmed)</xsl:if>
          </xsl:for-each>
        </span>
      </xsl:if>
      <xsl:for-each select="note"><div class="note"><xsl:value-of select="."/></div></xsl:for-each>
      <xsl:for-each select="thread"><div class="thread">discussed in <a href="{$root}{@href}"><xsl:value-of select="@subject"/></a></div></xsl:for-each>
    </div>
  </xsl:template>
</xsl:stylesheet>
