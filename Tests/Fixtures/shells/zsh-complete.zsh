#!/bin/zsh -f
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# What zsh's own completion offers for a command line: an interactive zsh in a
# pseudo-terminal, with the completion functions in FOLDER on its fpath, is typed the line and
# Tab; compadd is wrapped to print each candidate it is given (the approach of
# zsh-capture-completion), and added as usual. Prints one candidate a line.
#
#   zsh -f zsh-complete.zsh FOLDER 'trailcast replay --gps '
#
# The end is a marker the shell prints after the Tab (the line killed first), read for, not
# waited for with a sleep.
zmodload zsh/zpty || exit 2
setopt rcquotes
zpty z zsh -f -i
zpty -w z "fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
# Each candidate is also added for real: zsh tries its next tag group (the all-files group of
# _files, after the globbed files and directories) only when a group added nothing, as in a
# terminal.
zpty -w z 'compadd () {
  [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]] && { builtin compadd "$@"; return $? }
  typeset -a __hits __dscr
  builtin compadd -A __hits -D __dscr "$@"
  (( $#__hits )) || return 1
  local i; for i in {1..$#__hits}; do print -r -- "<<$__hits[$i]>>"; done
  builtin compadd "$@"
}'
# Tab completes, then says so: the next keys wait for that, since zsh's completion gives up
# early when keys are already waiting (a loaded machine typed ahead of it once).
zpty -w z 'complete-then-mark () { zle complete-word; print -r -- "<<TAB$((40+2))DONE>>" }'
zpty -w z 'zle -N complete-then-mark; bindkey "^I" complete-then-mark; setopt nobeep; PROMPT='
# Typed ahead of a shell still starting, the line would be lost: wait for it to answer.
zpty -w z 'print READY$((40+2))NOW'
zpty -r z _ '*READY42NOW*'
zpty -n -w z "$2"$'\t'
zpty -r z typed '*<<TAB42DONE>>*'
# Ctrl-U kills what is left of the line; the marker's text differs from its echo.
zpty -n -w z $'\x15'
zpty -w z 'print COMPLETION$((40+2))END'
zpty -r z output '*COMPLETION42END*'
zpty -d z
print -r -- ${(F)${(M)${(f)typed}:#*<<*>>*}} | sed -E 's/.*<<(.*)>>.*/\1/; s/\r$//' | grep -v '^TAB42DONE$'
