#!/bin/sh
# rule_docs.sh FILE... — turns the head comment of each rule file (src/checks/*.c) into a C string
# macro DOC_<CODE>, so that `deadwood rule CODE` prints exactly the text the file starts with.
# A rule file's first line names the rule: "/* DW201 none-dereference"; other files are skipped.
for f in "$@"; do
    awk '
        NR == 1 {
            if ($1 != "/*" || $2 !~ /^DW[0-9]+$/) exit 0
            printf "#define DOC_%s \\\n", $2
        }
        {
            line = $0
            last = line ~ /\*\/[ \t]*$/
            if (last) sub(/[ \t]*\*\/[ \t]*$/, "", line)
            if (NR == 1) sub(/^\/\* ?/, "", line)
            else if (line ~ /^ \*$/) line = ""
            else sub(/^ \* /, "", line)
            gsub(/\\/, "\\\\", line)
            gsub(/"/, "\\\"", line)
            if (last) {
                if (line != "") printf "    \"%s\\n\"\n", line
                else printf "    \"\"\n"
                exit 0
            }
            printf "    \"%s\\n\" \\\n", line
        }
    ' "$f"
done
