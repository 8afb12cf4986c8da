(** * A certificate checker (SPEC §2.3), proved sound against Cards.v. *)

From Coq Require Import ZArith NArith List Bool Lia MSets MSetAVL OrdersEx.
Import ListNotations.
From Pokopoko Require Import Game Cards Board.
Open Scope Z_scope.

(** ** Finite cell sets for computing: AVL trees ordered lexicographically *)
Module CellOT := PairOrderedType Z_as_OT Z_as_OT.
Module CS := MSetAVL.Make CellOT.

Lemma cell_ot_eq x y : CellOT.eq x y <-> x = y.
Proof.
  destruct x as [a b], y as [c d]. compute. split; [intros [-> ->]; reflexivity | intros H; inversion H; auto].
Qed.

Lemma cs_mem_add x y s : CS.mem x (CS.add y s) = cell_eqb x y || CS.mem x s.
Proof.
  apply eq_true_iff_eq. rewrite orb_true_iff, CS.mem_spec, CS.add_spec, cell_ot_eq, cell_eqb_spec, CS.mem_spec.
  reflexivity.
Qed.

Lemma cs_mem_remove x y s : CS.mem x (CS.remove y s) = CS.mem x s && negb (cell_eqb x y).
Proof.
  apply eq_true_iff_eq. rewrite andb_true_iff, CS.mem_spec, CS.remove_spec, cell_ot_eq, CS.mem_spec,
    negb_true_iff, <- not_true_iff_false, cell_eqb_spec. reflexivity.
Qed.

Lemma cs_mem_union x s s' : CS.mem x (CS.union s s') = CS.mem x s || CS.mem x s'.
Proof. apply eq_true_iff_eq. rewrite orb_true_iff, !CS.mem_spec, CS.union_spec. reflexivity. Qed.

Lemma cs_mem_inter x s s' : CS.mem x (CS.inter s s') = CS.mem x s && CS.mem x s'.
Proof. apply eq_true_iff_eq. rewrite andb_true_iff, !CS.mem_spec, CS.inter_spec. reflexivity. Qed.

Lemma cs_mem_empty x : CS.mem x CS.empty = false.
Proof. apply not_true_iff_false. rewrite CS.mem_spec. apply CS.empty_spec. Qed.

Definition of_list (l : list cell) : CS.t := fold_left (fun s y => CS.add y s) l CS.empty.

Lemma cs_mem_of_list x l : CS.mem x (of_list l) = mem x l.
Proof.
  unfold of_list. assert (H : forall acc, CS.mem x (fold_left (fun s y => CS.add y s) l acc) = CS.mem x acc || mem x l).
  { induction l as [|y l IH]; intros acc; simpl; [symmetry; apply orb_false_r|].
    rewrite IH, cs_mem_add. destruct (cell_eqb x y), (CS.mem x acc); reflexivity. }
  rewrite H, cs_mem_empty. reflexivity.
Qed.

(** The image of a set under a placement. *)
Definition image (s : nat) (t : cell) (X : CS.t) : CS.t := of_list (map (place s t) (CS.elements X)).

Lemma cs_mem_image s t X y : CS.mem y (image s t X) = CS.mem (unplace s t y) X.
Proof.
  unfold image. rewrite cs_mem_of_list. apply eq_true_iff_eq.
  rewrite mem_spec, in_map_iff, CS.mem_spec, <- CS.elements_spec1, InA_alt. split.
  - intros [x [<- Hx]]. exists x. rewrite unplace_place. split; [apply cell_ot_eq; reflexivity | exact Hx].
  - intros [x [Hx Hin]]. apply cell_ot_eq in Hx. exists x. split; [|exact Hin].
    rewrite <- Hx. apply place_unplace.
Qed.

(** ** Computed cards and their meaning *)
Record ccard : Type := { cA : CS.t; cT : CS.t; ch : nat }.

Definition meaning (k : ccard) : card :=
  {| A := fun x => CS.mem x (cA k); T := fun x => CS.mem x (cT k); h := ch k |}.

(** What the checker needs of a notion of "the card holds": the calculus
    (Cards.v on the infinite board, Board.v on finite boards). *)
Definition calculus (good : card -> Prop) : Prop :=
  (forall k k', (forall x, A k x = true -> A k' x = true) -> (forall x, T k x = true -> T k' x = true) ->
     h k = h k' -> good k -> good k') /\
  (forall j, good (base j)) /\
  (forall s t k, good k -> good (placed s t k)) /\
  (forall p cs, cs <> [] -> Forall good cs -> good (combine p cs)).

Lemma calculus_holds : calculus holds.
Proof.
  split; [intros k k' HA HT Hh; apply holds_ext; auto; lia|].
  split; [apply base_holds|]. split; [apply placed_holds | apply combination_sound].
Qed.

Lemma calculus_holds_on : calculus holds_on.
Proof.
  split; [apply holds_on_ext|].
  split; [apply base_holds_on|]. split; [apply placed_holds_on | intros p cs _; apply combination_sound_on].
Qed.

Section Ok.
Context (good : card -> Prop) (G : calculus good).
Let ok (k : ccard) : Prop := good (meaning k).

Definition cbase (j : nat) : ccard :=
  {| cA := of_list (filter (fun x => negb (cell_eqb x (nth j snaky (0, 0)))) snaky);
     cT := of_list snaky; ch := 1 |}.

Lemma cbase_ok j : ok (cbase j).
Proof.
  unfold ok. apply (proj1 G) with (base j); [| |reflexivity|apply (proj1 (proj2 G))].
  - intros x Hx. unfold base, meaning, cbase in *; cbn [A T h cA cT ch] in *.
    rewrite cs_mem_of_list, mem_spec, filter_In.
    apply andb_true_iff in Hx. destruct Hx as [Hx Hn]. rewrite mem_spec in Hx. auto.
  - intros x Hx. unfold base, meaning, cbase in *; cbn [A T h cA cT ch] in *.
    rewrite cs_mem_of_list. exact Hx.
Qed.

Definition cplace (s : nat) (t : cell) (k : ccard) : ccard :=
  {| cA := image s t (cA k); cT := image s t (cT k); ch := ch k |}.

Lemma cplace_ok s t k : ok k -> ok (cplace s t k).
Proof.
  intros Hk. apply (proj1 G) with (placed s t (meaning k)); [| |reflexivity|apply (proj1 (proj2 (proj2 G))), Hk];
    intros x Hx; simpl in *; rewrite cs_mem_image; exact Hx.
Qed.

(** The combination rule, computed: T = {p} ∪ ⋃Tᵢ, A = (⋃Aᵢ ∪ ⋂Tᵢ) \ {p}, h = 1 + max hᵢ. *)
Definition ccombine (p : cell) (k0 : ccard) (ks : list ccard) : ccard :=
  let cs := k0 :: ks in
  let unionT := fold_right (fun k acc => CS.union (cT k) acc) CS.empty cs in
  let unionA := fold_right (fun k acc => CS.union (cA k) acc) CS.empty cs in
  let common := fold_left (fun acc k => CS.inter acc (cT k)) ks (cT k0) in
  {| cT := CS.add p unionT;
     cA := CS.remove p (CS.union unionA common);
     ch := S (list_max (map ch cs)) |}.

Lemma cs_mem_unions (f : ccard -> CS.t) x cs :
  CS.mem x (fold_right (fun k acc => CS.union (f k) acc) CS.empty cs) = existsb (fun k => CS.mem x (f k)) cs.
Proof. induction cs as [|k cs IH]; simpl; [apply cs_mem_empty | rewrite cs_mem_union, IH; reflexivity]. Qed.

Lemma cs_mem_inters x ks : forall acc,
  CS.mem x (fold_left (fun acc k => CS.inter acc (cT k)) ks acc) = CS.mem x acc && forallb (fun k => CS.mem x (cT k)) ks.
Proof.
  induction ks as [|k ks IH]; intros acc; simpl; [rewrite andb_true_r; reflexivity|].
  rewrite IH, cs_mem_inter, andb_assoc. reflexivity.
Qed.

Lemma existsb_meaning (f : card -> cell -> bool) (g : ccard -> CS.t) x cs :
  (forall k, f (meaning k) x = CS.mem x (g k)) ->
  existsb (fun k => f k x) (map meaning cs) = existsb (fun k => CS.mem x (g k)) cs.
Proof. intros H. induction cs as [|k cs IH]; simpl; [reflexivity | rewrite H, IH; reflexivity]. Qed.

Lemma forallb_meaning x cs :
  forallb (fun k => T k x) (map meaning cs) = forallb (fun k => CS.mem x (cT k)) cs.
Proof. induction cs as [|k cs IH]; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

Lemma ccombine_ok p k0 ks : Forall ok (k0 :: ks) -> ok (ccombine p k0 ks).
Proof.
  intros Hall. unfold ok.
  apply (proj1 G) with (combine p (map meaning (k0 :: ks))).
  - intros x Hx. cbn [A meaning ccombine cA] in *. unfold combine in Hx. cbn [A] in Hx.
    rewrite cs_mem_remove, cs_mem_union, cs_mem_unions, cs_mem_inters.
    rewrite (existsb_meaning A cA) in Hx by reflexivity. rewrite forallb_meaning in Hx.
    simpl forallb in Hx. exact Hx.
  - intros x Hx. cbn [T meaning ccombine cT] in *. unfold combine in Hx. cbn [T] in Hx.
    rewrite cs_mem_add, cs_mem_unions. rewrite (existsb_meaning T cT) in Hx by reflexivity. exact Hx.
  - assert (Hm : forall cs, map h (map meaning cs) = map ch cs)
      by (induction cs as [|k cs IH]; simpl; [reflexivity | rewrite IH; reflexivity]).
    unfold combine, ccombine. cbn [h meaning ch]. rewrite Hm. lia.
  - apply (proj2 (proj2 (proj2 G))); [discriminate|].
    rewrite Forall_forall in *. intros k Hk. apply in_map_iff in Hk. destruct Hk as [k' [<- Hk']].
    apply Hall, Hk'.
Qed.

(** ** Certificates as data *)

(** A node is a pivot and its children; a child is a reference [j:sXY] to
    card j (placement s, translation t) or an inline node in the same frame. *)
Inductive node : Type :=
| Node : cell -> children -> node
with children : Type :=
| CNil : children
| CRef : N -> nat -> cell -> children -> children
| CInline : node -> children -> children.

(** [tbl]: the cards defined so far, card j at position j. *)
Fixpoint eval_node (tbl : list ccard) (n : node) {struct n} : option ccard :=
  match n with
  | Node p cs =>
      match eval_children tbl cs with
      | Some (k0 :: ks) => Some (ccombine p k0 ks)
      | _ => None
      end
  end
with eval_children (tbl : list ccard) (cs : children) {struct cs} : option (list ccard) :=
  match cs with
  | CNil => Some []
  | CRef j s t rest =>
      match nth_error tbl (N.to_nat j), eval_children tbl rest with
      | Some k, Some ks => Some (cplace s t k :: ks)
      | _, _ => None
      end
  | CInline n rest =>
      match eval_node tbl n, eval_children tbl rest with
      | Some k, Some ks => Some (k :: ks)
      | _, _ => None
      end
  end.

Scheme node_ind2 := Induction for node Sort Prop
  with children_ind2 := Induction for children Sort Prop.
Combined Scheme node_children_ind from node_ind2, children_ind2.

Lemma eval_sound tbl : Forall ok tbl ->
  (forall n k, eval_node tbl n = Some k -> ok k) /\
  (forall cs ks, eval_children tbl cs = Some ks -> Forall ok ks).
Proof.
  intros Htbl.
  apply (node_children_ind (fun n => forall k, eval_node tbl n = Some k -> ok k)
                   (fun cs => forall ks, eval_children tbl cs = Some ks -> Forall ok ks)).
  - intros p cs IH k Hk. simpl in Hk.
    destruct (eval_children tbl cs) as [[|k0 ks]|] eqn:E; try discriminate.
    injection Hk as <-. apply ccombine_ok, IH; reflexivity.
  - intros ks Hks. injection Hks as <-. constructor.
  - intros j s t rest IH ks Hks. simpl in Hks.
    destruct (nth_error tbl (N.to_nat j)) as [k|] eqn:E1; [|discriminate].
    destruct (eval_children tbl rest) as [ks'|]; [|discriminate].
    injection Hks as <-. constructor; [|apply IH; reflexivity].
    apply cplace_ok. apply nth_error_In in E1. rewrite Forall_forall in Htbl. apply Htbl, E1.
  - intros n IHn rest IH ks Hks. simpl in Hks.
    destruct (eval_node tbl n) as [k|] eqn:E1; [|discriminate].
    destruct (eval_children tbl rest) as [ks'|]; [|discriminate].
    injection Hks as <-. constructor; [apply (IHn k); reflexivity | apply IH; reflexivity].
Qed.

(** A certificate: its lines, each a card number and that card's node. *)
Definition certificate : Type := list (N * node).

Definition base_table : list ccard := map cbase [0; 1; 2; 3; 4; 5]%nat.

(** Evaluates the lines in order; [inl j] names the first line that does not
    evaluate (wrong card number, reference to a card not yet defined). *)
Fixpoint run (tbl : list ccard) (lines : certificate) : N + list ccard :=
  match lines with
  | [] => inr tbl
  | (j, n) :: rest =>
      if N.eqb j (N.of_nat (length tbl)) then
        match eval_node tbl n with
        | Some k => run (tbl ++ [k]) rest
        | None => inl j
        end
      else inl j
  end.

Lemma run_sound lines : forall tbl tbl', Forall ok tbl -> run tbl lines = inr tbl' -> Forall ok tbl'.
Proof.
  induction lines as [|[j n] lines IH]; intros tbl tbl' Htbl Hrun; simpl in Hrun.
  - injection Hrun as <-. exact Htbl.
  - destruct (N.eqb j _); [|discriminate].
    destruct (eval_node tbl n) as [k|] eqn:E; [|discriminate].
    apply (IH _ _ ) in Hrun; [exact Hrun|].
    apply Forall_app. split; [exact Htbl|]. constructor; [|constructor].
    apply (proj1 (eval_sound tbl Htbl) n k E).
Qed.

Lemma base_table_ok : Forall ok base_table.
Proof. repeat constructor; apply cbase_ok. Qed.

End Ok.

(** ** The verdict on a certificate and a height H *)
Inductive outcome : Type :=
| Proved (h : nat)                 (* the root (last card) has A = ∅ and h ≤ H *)
| RootNeedsStones (size_A : nat)   (* the root card asks Maker to own |A| > 0 cells *)
| TooHigh (h : nat)                (* the root's height h exceeds H *)
| Broken (card : N)                (* this line does not evaluate: numbering or reference *)
| NoLines.

Definition verdict (H : nat) (lines : certificate) : outcome :=
  match lines with
  | [] => NoLines
  | _ =>
    match run base_table lines with
    | inl j => Broken j
    | inr tbl =>
        match rev tbl with
        | [] => NoLines
        | root :: _ =>
            if negb (CS.is_empty (cA root)) then RootNeedsStones (CS.cardinal (cA root))
            else if Nat.leb (ch root) H then Proved (ch root) else TooHigh (ch root)
        end
    end
  end.

(** The root's numbers, for the record: (cards, h, |T|, |A|). *)
Definition summary (lines : certificate) : option (nat * nat * nat * nat) :=
  match run base_table lines with
  | inl _ => None
  | inr tbl =>
      match rev tbl with
      | [] => None
      | root :: _ => Some (length tbl, ch root, CS.cardinal (cT root), CS.cardinal (cA root))
      end
  end.

Theorem verdict_sound H lines h : verdict H lines = Proved h -> maker_wins_within H empty_position.
Proof.
  unfold verdict. intros E.
  destruct lines as [|l ls]; [discriminate|].
  destruct (run base_table (l :: ls)) as [j|tbl] eqn:Hrun; [discriminate|].
  destruct (rev tbl) as [|root rest] eqn:Hrev; [discriminate|].
  destruct (CS.is_empty (cA root)) eqn:Hempty; [|discriminate]. simpl in E.
  destruct (Nat.leb (ch root) H) eqn:Hle; [|discriminate].
  assert (Hroot : holds (meaning root)).
  { apply (run_sound holds calculus_holds) in Hrun; [|exact (base_table_ok holds calculus_holds)].
    rewrite Forall_forall in Hrun. apply Hrun. apply in_rev. rewrite Hrev. left. reflexivity. }
  apply wins_le with (ch root); [|apply Nat.leb_le, Hle].
  apply (Hroot empty_position).
  - intros x [].
  - intros x Hx. simpl in Hx. rewrite CS.mem_spec in Hx.
    apply CS.is_empty_spec in Hempty. destruct (Hempty x Hx).
  - intros x _ [].
Qed.

(** The boolean form the theorems are proved with, by evaluation. *)
Definition accepts (H : nat) (lines : certificate) : bool :=
  match verdict H lines with Proved _ => true | _ => false end.

Theorem accepts_sound H lines : accepts H lines = true -> maker_wins_within H empty_position.
Proof.
  unfold accepts. destruct (verdict H lines) as [h| | | |] eqn:E; try discriminate.
  intros _. apply (verdict_sound H lines h E).
Qed.

(** ** The 17×17 board {0..16}² *)
Definition zs17 : list Z := map Z.of_nat (seq 0 17).
Definition cells17 : list cell := flat_map (fun x => map (fun y => (x, y)) zs17) zs17.
Definition in17b (c : cell) : bool :=
  (0 <=? fst c) && (fst c <=? 16) && (0 <=? snd c) && (snd c <=? 16).

Fixpoint nodupb (l : list cell) : bool :=
  match l with [] => true | x :: l => negb (mem x l) && nodupb l end.

Lemma nodupb_NoDup l : nodupb l = true -> NoDup l.
Proof.
  induction l as [|x l IH]; simpl; intros H; constructor.
  - apply andb_true_iff in H. destruct H as [H _]. rewrite <- mem_spec. destruct (mem x l); [discriminate | auto].
  - apply IH. apply andb_true_iff in H. apply H.
Qed.

Lemma cells17_NoDup : NoDup cells17.
Proof. apply nodupb_NoDup. vm_compute. reflexivity. Qed.

Lemma cells17_length : length cells17 = 289%nat.
Proof. reflexivity. Qed.

Lemma in_zs17 z : In z zs17 <-> 0 <= z <= 16.
Proof.
  unfold zs17. rewrite in_map_iff. split.
  - intros [n [<- Hn]]. apply in_seq in Hn. lia.
  - intros Hz. exists (Z.to_nat z). split; [apply Z2Nat.id; lia | apply in_seq; lia].
Qed.

Lemma board17_cells c : board17 c <-> In c cells17.
Proof.
  destruct c as [x y]. unfold board17, cells17. rewrite in_flat_map. cbn [fst snd]. split.
  - intros [Hx Hy]. exists x. split; [apply in_zs17; exact Hx|].
    apply in_map_iff. exists y. split; [reflexivity | apply in_zs17; exact Hy].
  - intros [x' [Hx' Hin]]. apply in_map_iff in Hin. destruct Hin as [y' [E Hy']].
    injection E as <- <-. split; apply in_zs17; assumption.
Qed.

Lemma in17b_board17 c : in17b c = true -> board17 c.
Proof.
  destruct c as [x y]. unfold in17b, board17. simpl. rewrite !andb_true_iff, !Z.leb_le. lia.
Qed.

(** The root card lies in {0..16}², asks nothing of Maker, and has h ≤ H. *)
Definition accepts17 (H : nat) (lines : certificate) : bool :=
  match run base_table lines with
  | inl _ => false
  | inr tbl =>
      match rev tbl with
      | [] => false
      | root :: _ =>
          CS.is_empty (cA root) && Nat.leb (ch root) H && Nat.leb (2 * ch root) 289
          && forallb in17b (CS.elements (cT root))
      end
  end.

Theorem accepts17_sound H lines :
  accepts17 H lines = true -> maker_wins_within_on board17 H empty_position.
Proof.
  unfold accepts17. intros E.
  destruct (run base_table lines) as [j|tbl] eqn:Hrun; [discriminate|].
  destruct (rev tbl) as [|root rest] eqn:Hrev; [discriminate|].
  rewrite !andb_true_iff in E. destruct E as [[[Hempty Hle] Hroom] Hin].
  assert (Hroot : holds_on (meaning root)).
  { apply (run_sound holds_on calculus_holds_on) in Hrun; [|exact (base_table_ok holds_on calculus_holds_on)].
    rewrite Forall_forall in Hrun. apply Hrun. apply in_rev. rewrite Hrev. left. reflexivity. }
  apply wins_on_le with (ch root); [|apply Nat.leb_le, Hle].
  apply (Hroot board17 cells17 empty_position cells17_NoDup board17_cells).
  - intros x Hx. simpl in Hx. apply in17b_board17.
    rewrite forallb_forall in Hin. apply Hin.
    rewrite CS.mem_spec, <- CS.elements_spec1, InA_alt in Hx. destruct Hx as [y [Hxy Hy]].
    apply cell_ot_eq in Hxy. subst. exact Hy.
  - rewrite cells17_length. apply Nat.leb_le in Hroom. unfold stones. simpl. exact Hroom.
  - intros x [].
  - intros x Hx. simpl in Hx. rewrite CS.mem_spec in Hx.
    apply CS.is_empty_spec in Hempty. destruct (Hempty x Hx).
  - intros x _ [].
Qed.
