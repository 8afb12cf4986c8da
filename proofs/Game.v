(** * Snaky Maker–Breaker on the infinite board (SPEC §2.1), stated plainly.

    This file is the whole statement: the theorems of Snaky.v are about
    [maker_wins_within] (infinite board), [maker_wins_within_on board17]
    (the 17×17 board) and [empty_position] below.  Nothing else is assumed. *)

From Coq Require Import ZArith List.
Import ListNotations.
Open Scope Z_scope.

(** Cells: (x, y) ∈ ℤ², the unit square with lower-left corner (x, y). *)
Definition cell : Type := (Z * Z)%type.

(** Snaky S = {(0,0), (1,0), (2,0), (3,0), (3,1), (4,1)}. *)
Definition snaky : list cell := [(0,0); (1,0); (2,0); (3,0); (3,1); (4,1)].

(** The 8 signed 2×2 permutation matrices R (rotations and reflections),
    numbered as in the certificate: if s has bit 2, negate x; if bit 4, negate
    y; then if bit 1, swap x and y.  (Every s ≥ 7 is the 8th, (x,y) ↦ (−y,−x).) *)
Definition orient (s : nat) (c : cell) : cell :=
  let '(x, y) := c in
  match s with
  | 0%nat => ( x,  y) | 1%nat => ( y,  x)
  | 2%nat => (-x,  y) | 3%nat => ( y, -x)
  | 4%nat => ( x, -y) | 5%nat => (-y,  x)
  | 6%nat => (-x, -y) | _     => (-y, -x)
  end.

Definition translate (t c : cell) : cell := (fst t + fst c, snd t + snd c).

(** A copy of Snaky: t + R(S). *)
Definition copy (s : nat) (t : cell) : list cell :=
  map (fun c => translate t (orient s c)) snaky.

(** A set of cells (Maker's) contains a whole copy of Snaky. *)
Definition has_snaky (M : list cell) : Prop :=
  exists s t, incl (copy s t) M.

(** A position: Maker's and Breaker's cells, finite sets given as lists. *)
Record position : Type := { maker : list cell; breaker : list cell }.

(** Positions that arise in play: no cell claimed by both players. *)
Definition valid (P : position) : Prop :=
  forall c, In c (maker P) -> ~ In c (breaker P).

Definition empty_position : position := {| maker := []; breaker := [] |}.

Definition free (P : position) (c : cell) : Prop :=
  ~ In c (maker P) /\ ~ In c (breaker P).

(** Maker claims c; Breaker claims b. *)
Definition maker_move (P : position) (c : cell) : position :=
  {| maker := c :: maker P; breaker := breaker P |}.
Definition breaker_move (P : position) (b : cell) : position :=
  {| maker := maker P; breaker := b :: breaker P |}.

(** "Maker, to move in P, wins within h moves": Maker claims a free cell c
    and then owns a copy of Snaky; or h > 1 and Maker claims a free cell c
    such that for every free cell b Breaker may claim in reply, anywhere on
    the infinite board, Maker wins within h − 1 moves. *)
Inductive maker_wins_within : nat -> position -> Prop :=
| win_now (h : nat) (P : position) (c : cell) :
    (1 <= h)%nat ->
    free P c ->
    has_snaky (maker (maker_move P c)) ->
    maker_wins_within h P
| win_later (h : nat) (P : position) (c : cell) :
    (1 < h)%nat ->
    free P c ->
    (forall b, free (maker_move P c) b ->
               maker_wins_within (h - 1) (breaker_move (maker_move P c) b)) ->
    maker_wins_within h P.

(** ** The same game on a finite board

    Both players claim cells of the board only (SPEC §2.1: the 17×17 board
    {0..16}²).  A Maker move after which Breaker has no free cell to claim is
    not a win by itself: [win_later_on] asks that a reply exist. *)
Definition board17 (c : cell) : Prop := (0 <= fst c <= 16) /\ (0 <= snd c <= 16).

Inductive maker_wins_within_on (board : cell -> Prop) : nat -> position -> Prop :=
| win_now_on (h : nat) (P : position) (c : cell) :
    (1 <= h)%nat ->
    board c -> free P c ->
    has_snaky (maker (maker_move P c)) ->
    maker_wins_within_on board h P
| win_later_on (h : nat) (P : position) (c : cell) :
    (1 < h)%nat ->
    board c -> free P c ->
    (exists b, board b /\ free (maker_move P c) b) ->
    (forall b, board b -> free (maker_move P c) b ->
               maker_wins_within_on board (h - 1) (breaker_move (maker_move P c) b)) ->
    maker_wins_within_on board h P.
