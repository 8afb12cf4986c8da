#!/usr/bin/env bash
# Builds the Coq proof that Maker wins Snaky (proofs/README.md).
#
#   bash proofs/check.sh
#       builds Game.v, Cards.v, Checker.v, regenerates data/Cert{21,20,19}.v from the
#       certificates in assets/, proves snaky_in_21/20/19 (infinite board) and
#       snaky_17x17_in_21/20/19 (the 17x17 board), and prints each with its assumptions.
#   bash proofs/check.sh --certificate FILE --height H
#       proves "Maker wins within H" from FILE, or exits 1 with the reason on stderr.
#
# Needs coqc (Coq 8.16 or newer) and python3. One coqc at a time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

fail() { echo "check.sh: $*" >&2; exit 1; }

certificate=""
height=""
while [ $# -gt 0 ]; do
  case "$1" in
    --certificate) [ $# -ge 2 ] || fail "--certificate needs a file"; certificate="$2"; shift 2 ;;
    --height) [ $# -ge 2 ] || fail "--height needs a number"; height="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) fail "unknown argument: $1 (see --help)" ;;
  esac
done
if [ -n "$certificate" ] || [ -n "$height" ]; then
  [ -n "$certificate" ] && [ -n "$height" ] || fail "--certificate and --height go together"
  [[ "$height" =~ ^[1-9][0-9]{0,3}$ ]] || fail "--height must be a whole number from 1 to 9999, not '$height'"
  [ -f "$certificate" ] || fail "no such file: $certificate"
  certificate="$(cd "$(dirname "$certificate")" && pwd)/$(basename "$certificate")"
fi
cd "$here"

command -v coqc >/dev/null || fail "coqc not found: install Coq 8.16 or newer (Debian: apt-get install coq)"
command -v python3 >/dev/null || fail "python3 not found"

COQ=(coqc -q -Q "$here" Pokopoko)
for v in Game Cards Board Checker; do
  "${COQ[@]}" "$v.v"
done

if [ -z "$certificate" ]; then
  for n in 21 20 19; do
    python3 gen.py "../assets/snaky-certificate-$n.txt" "data/Cert$n.v"
    "${COQ[@]}" "data/Cert$n.v"
  done
  "${COQ[@]}" Snaky.v
  "${COQ[@]}" Facts.v
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  {
    echo "From Pokopoko Require Import Game Checker Snaky."
    echo "From Pokopoko.data Require Cert21 Cert20 Cert19."
    for n in 21 20 19; do
      echo "Eval vm_compute in summary Cert$n.lines."
      echo "Check snaky_in_$n."
      echo "Print Assumptions snaky_in_$n."
      echo "Check snaky_17x17_in_$n."
      echo "Print Assumptions snaky_17x17_in_$n."
    done
    echo "From Pokopoko Require Facts."
    echo "Check Facts.snaky_not_in_5."
    echo "Print Assumptions Facts.snaky_not_in_5."
  } > "$tmp/Print.v"
  echo "(summary = (cards, root h, root |T|, root |A|))"
  "${COQ[@]}" "$tmp/Print.v"
  exit 0
fi

# One certificate, one height.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 gen.py "$certificate" "$tmp/Cert.v" || exit 1
CUSTOM=(coqc -q -Q "$here" Pokopoko -Q "$tmp" Custom)
"${CUSTOM[@]}" "$tmp/Cert.v"
cat > "$tmp/Verdict.v" <<COQ
From Coq Require Import NArith.
From Pokopoko Require Import Checker.
From Custom Require Cert.
Eval vm_compute in summary Cert.lines.
Eval vm_compute in verdict $height Cert.lines.
COQ
out="$("${CUSTOM[@]}" "$tmp/Verdict.v")"
echo "(summary = (cards, root h, root |T|, root |A|))"
echo "$out"
verdict="$(echo "$out" | tr '\n' ' ' | sed -n 's/.*= \([A-Za-z]*\)[ (]*\([0-9]*\).*: outcome.*/\1 \2/p')"
case "$verdict" in
  Proved*) ;;
  RootNeedsStones*) fail "$certificate does not prove a win from the empty board: its root card needs Maker to own ${verdict#* } cell(s) (A is not empty)" ;;
  TooHigh*) fail "$certificate proves Maker wins within ${verdict#* } moves, not within $height" ;;
  Broken*) fail "$certificate: card ${verdict#* } does not evaluate (its number is out of order, or it refers to a card not defined before it)" ;;
  NoLines*) fail "$certificate has no cards" ;;
  *) fail "unexpected verdict: $out" ;;
esac
cat > "$tmp/Theorem.v" <<COQ
From Pokopoko Require Import Game Checker.
From Custom Require Cert.
Theorem maker_wins : maker_wins_within $height empty_position.
Proof. apply (accepts_sound $height Cert.lines). vm_cast_no_check (eq_refl true). Qed.
Check maker_wins.
Print Assumptions maker_wins.
COQ
"${CUSTOM[@]}" "$tmp/Theorem.v"
