#!/bin/sh
# check-help.sh: the options each command's --help lists and the options
# doc/mlarc.1 documents for it are the same set. An option in --help must
# be named in the command's section of COMMANDS (build's may be in import's
# or site's: it takes the options of both); an option the section defines
# (a definition line: .B, .BI or .BR starting with the option) must be in
# --help. The options every command shares (-a, -q) are in the preamble
# of COMMANDS. The commands are those `mlarc --help` lists.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
MAN="$top_srcdir/doc/mlarc.1"

# The text of section .SS $1 of the man page, up to the next section.
section () {
    awk -v name="$1" '
        /^\.S[SH] / { inside = ($0 == ".SS " name || $0 == ".SS \"" name "\"") ; next }
        inside { print }' "$MAN"
}

# Long options in stdin, one per line: "--name" (roff's \- read as -).
long_options () {
    sed 's/\\-/-/g' | grep -o -- '--[a-z][a-z0-9-]*' | LC_ALL=C sort -u
}

"$MLARC" --help >"$TMP/help" 2>&1 || true
commands=$(sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' "$TMP/help")
[ -n "$commands" ] || fail "mlarc --help lists no command"

bad=0
for command in $commands; do
    "$MLARC" "$command" --help >"$TMP/cmd" 2>&1 || fail "mlarc $command --help: exit $?"
    grep -E '^  +(-[a-zA-Z], )?--' "$TMP/cmd" | long_options | grep -v -x -- '--help' >"$TMP/in-help"
    section "$command" >"$TMP/section"
    [ -s "$TMP/section" ] || { echo "doc/mlarc.1 has no section for $command" >&2; bad=$((bad + 1)); continue; }
    if [ "$command" = build ]; then
        { section import; section site; } >>"$TMP/section"
    fi
    # The options every command shares are in the COMMANDS preamble.
    sed -n '/^\.SH COMMANDS/,/^\.SS /p' "$MAN" >>"$TMP/section"
    long_options <"$TMP/section" >"$TMP/in-man"
    for option in $(comm -23 "$TMP/in-help" "$TMP/in-man"); do
        echo "mlarc $command --help lists $option; doc/mlarc.1 does not" >&2
        bad=$((bad + 1))
    done
    # The section's own definition lines (not build's borrowed ones).
    section "$command" | grep -E '^\.(B|BI|BR) +\\-' | long_options >"$TMP/defined"
    for option in $(comm -13 "$TMP/in-help" "$TMP/defined"); do
        echo "doc/mlarc.1 defines $option for $command; mlarc $command --help does not list it" >&2
        bad=$((bad + 1))
    done
done
[ "$bad" -eq 0 ] || fail "$bad difference(s) between --help and doc/mlarc.1"
echo "help: the options of $(echo $commands | wc -w) commands match doc/mlarc.1"
