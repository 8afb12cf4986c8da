(** * The checker reproduces SPEC §2.3's facts about the paper's certificate.

    Not needed for the theorems (they hold whatever the cards are); these pin
    the checker's reading of the grammar to numbers printed in the paper. *)

From Coq Require Import ZArith NArith List Lia FinFun.
Import ListNotations.
From Pokopoko Require Import Game Checker.
From Pokopoko.data Require Cert21.
Open Scope Z_scope.

(** Card j as (A, T, h), each set listed in lexicographic order. *)
Definition card_at (lines : certificate) (j : nat) : option (list cell * list cell * nat) :=
  match run base_table lines with
  | inl _ => None
  | inr tbl =>
      option_map (fun k => (CS.elements (cA k), CS.elements (cT k), ch k)) (nth_error tbl j)
  end.

(** 728 cards (6 base + 722 lines). *)
Example cards_21 : option_map (fun '(n, _, _, _) => n) (summary Cert21.lines) = Some 728%nat.
Proof. vm_compute. reflexivity. Qed.

(** Card 6 = ({(0,y): 0≤y≤4}, that ∪ {(1,3),(1,4),(1,5)}, 2). *)
Example card_6 : card_at Cert21.lines 6 =
  Some ([(0,0); (0,1); (0,2); (0,3); (0,4)],
        [(0,0); (0,1); (0,2); (0,3); (0,4); (1,3); (1,4); (1,5)], 2%nat).
Proof. vm_compute. reflexivity. Qed.

(** Card 7 = ({(0,y): 1≤y≤4}, {(0,y): 1≤y≤5} ∪ {(1,y): y ∈ {0,1,2,4,5,6}}, 3), |T| = 11. *)
Example card_7 : card_at Cert21.lines 7 =
  Some ([(0,1); (0,2); (0,3); (0,4)],
        [(0,1); (0,2); (0,3); (0,4); (0,5); (1,0); (1,1); (1,2); (1,4); (1,5); (1,6)], 3%nat).
Proof. vm_compute. reflexivity. Qed.

(** Card 727: A = ∅, |T| = 251, h = 21, T ⊆ {0..16}², the pivot (8,8) in T. *)
Example card_727 :
  option_map (fun '(a, t, h) => (a, length t, h, forallb in17b t, existsb (Cards.cell_eqb (8,8)) t))
             (card_at Cert21.lines 727)
  = Some ([], 251%nat, 21%nat, true, true).
Proof. vm_compute. reflexivity. Qed.

(** ** The statement is not vacuous: Maker needs at least 6 moves (the trivial lower bound). *)
Lemma copy_NoDup s t : NoDup (copy s t).
Proof.
  apply (FinFun.Injective_map_NoDup (f := Cards.place s t)).
  - intros a b E. rewrite <- (Cards.unplace_place s t a), E, Cards.unplace_place. reflexivity.
  - apply nodupb_NoDup. reflexivity.
Qed.

Lemma wins_needs_six h P : maker_wins_within h P -> (6 <= length (maker P) + h)%nat.
Proof.
  induction 1 as [h P c Hh Hc [s [t Hw]] | h P c Hh Hc Hn IH].
  - apply (NoDup_incl_length (copy_NoDup s t)) in Hw. simpl in Hw. lia.
  - destruct (Cards.fresh_cell ((c :: maker P) ++ breaker P)) as [b Hb].
    assert (Hf : free (maker_move P c) b) by (split; eauto using Cards.not_in_app_l, Cards.not_in_app_r).
    specialize (IH b Hf). simpl in IH. lia.
Qed.

Theorem snaky_not_in_5 : ~ maker_wins_within 5 empty_position.
Proof. intros H. apply wins_needs_six in H. simpl in H. lia. Qed.
