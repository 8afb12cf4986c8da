(** * The card calculus of SPEC §2.2, proved sound against Game.v. *)

From Coq Require Import ZArith List Bool Lia.
Import ListNotations.
From Pokopoko Require Import Game.
Open Scope Z_scope.

(** ** Cells: equality, membership, a fresh cell *)

Definition cell_eq_dec (a b : cell) : {a = b} + {a <> b}.
Proof. decide equality; apply Z.eq_dec. Defined.

Definition cell_eqb (a b : cell) : bool :=
  Z.eqb (fst a) (fst b) && Z.eqb (snd a) (snd b).

Lemma cell_eqb_spec a b : cell_eqb a b = true <-> a = b.
Proof.
  destruct a as [x y], b as [x' y']; unfold cell_eqb; simpl.
  rewrite andb_true_iff, !Z.eqb_eq. split; [intros [-> ->]; reflexivity | intros H; inversion H; auto].
Qed.

Definition mem (x : cell) (l : list cell) : bool := existsb (cell_eqb x) l.

Lemma mem_spec x l : mem x l = true <-> In x l.
Proof.
  unfold mem; rewrite existsb_exists; split.
  - intros [y [Hy Heq]]. apply cell_eqb_spec in Heq. subst. exact Hy.
  - intros Hx. exists x. split; [exact Hx | apply cell_eqb_spec; reflexivity].
Qed.

(** The board is infinite: a cell outside any finite set. *)
Lemma fresh_cell (l : list cell) : exists c, ~ In c l.
Proof.
  set (m := fold_right (fun c m => Z.max (fst c) m) 0 l).
  assert (Hm : forall c, In c l -> fst c <= m).
  { subst m; induction l as [|a l IH]; simpl; intros c Hc; [contradiction|].
    destruct Hc as [<-|Hc]; [lia | specialize (IH c Hc); lia]. }
  exists (m + 1, 0). intros Hin. specialize (Hm _ Hin). simpl in Hm. lia.
Qed.

Lemma not_in_app_l {x : cell} {l1 l2} : ~ In x (l1 ++ l2) -> ~ In x l1.
Proof. intros H H1; apply H, in_or_app; auto. Qed.
Lemma not_in_app_r {x : cell} {l1 l2} : ~ In x (l1 ++ l2) -> ~ In x l2.
Proof. intros H H1; apply H, in_or_app; auto. Qed.

(** ** Facts about the game *)

Lemma wins_height h P : maker_wins_within h P -> (1 <= h)%nat.
Proof. intros []; lia. Qed.

(** A bound of h moves is also a bound of any h' ≥ h moves. *)
Lemma wins_le h P : maker_wins_within h P -> forall h', (h <= h')%nat -> maker_wins_within h' P.
Proof.
  induction 1 as [h P c Hh Hc Hw | h P c Hh Hc Hn IH]; intros h' Hle.
  - apply win_now with c; auto; lia.
  - apply win_later with c; auto; [lia|]. intros b Hb. apply IH; auto; lia.
Qed.

Lemma has_snaky_incl M M' : incl M M' -> has_snaky M -> has_snaky M'.
Proof. intros Hi [s [t H]]. exists s, t. eauto using incl_tran. Qed.

(** Extra Maker stones, and fewer Breaker stones, never hurt Maker. *)
Theorem more_stones h P :
  maker_wins_within h P ->
  forall P', incl (maker P) (maker P') -> incl (breaker P') (breaker P) ->
  maker_wins_within h P'.
Proof.
  induction 1 as [h P c Hh Hfree Hwin | h P c Hh Hfree Hnext IH]; intros P' HM HB.
  - destruct (in_dec cell_eq_dec c (maker P')) as [Hc|Hc].
    + destruct (fresh_cell (maker P' ++ breaker P')) as [f Hf].
      apply win_now with f; [exact Hh | split; eauto using not_in_app_l, not_in_app_r |].
      refine (has_snaky_incl _ _ _ Hwin). intros x Hx.
      simpl in *. destruct Hx as [<-|Hx]; right; auto.
    + apply win_now with c; [exact Hh | split; [exact Hc | intros H; apply (proj2 Hfree); auto] |].
      refine (has_snaky_incl _ _ _ Hwin). intros x Hx.
      simpl in *. destruct Hx as [<-|Hx]; auto.
  - assert (Hc' : exists c', free P' c' /\ In c (c' :: maker P')).
    { destruct (in_dec cell_eq_dec c (maker P')) as [Hc|Hc].
      - destruct (fresh_cell (maker P' ++ breaker P')) as [f Hf].
        exists f. split; [split; eauto using not_in_app_l, not_in_app_r | right; exact Hc].
      - exists c. split; [split; [exact Hc | intros H; apply (proj2 Hfree); auto] | left; reflexivity]. }
    destruct Hc' as [c' [Hfree' Hcin]].
    apply win_later with c'; [exact Hh | exact Hfree' |].
    intros b Hb.
    assert (Hb' : exists b', free (maker_move P c) b' /\ incl (b :: breaker P') (b' :: breaker P)).
    { destruct (in_dec cell_eq_dec b (breaker P)) as [HbB|HbB].
      - destruct (fresh_cell ((c :: maker P) ++ breaker P)) as [f Hf].
        exists f. split; [split; eauto using not_in_app_l, not_in_app_r |].
        intros x [<-|Hx]; right; auto.
      - exists b. split; [|apply incl_cons; [left; reflexivity | intros x Hx; right; auto]].
        split; [|exact HbB]. simpl. intros [<-|H].
        + apply (proj1 Hb); exact Hcin.
        + apply (proj1 Hb); right; apply HM; exact H. }
    destruct Hb' as [b' [Hfb' Hinc]].
    apply (IH b' Hfb'); [|exact Hinc].
    intros x [<-|Hx]; [exact Hcin | right; apply HM; exact Hx].
Qed.

(** ** Symmetries of the board *)

(** A placement F(x) = R_s x + t, and its inverse. *)
Definition place (s : nat) (t : cell) (x : cell) : cell := translate t (orient s x).

Definition orient_inv (s : nat) : nat :=
  match s with 3%nat => 5%nat | 5%nat => 3%nat | _ => s end.

Definition unplace (s : nat) (t : cell) (y : cell) : cell :=
  orient (orient_inv s) (translate (- fst t, - snd t) y).

Ltac cases8 s := destruct s as [|[|[|[|[|[|[|s]]]]]]].

Lemma orient_inv_l s x : orient (orient_inv s) (orient s x) = x.
Proof. destruct x as [x y]; cases8 s; simpl; f_equal; lia. Qed.
Lemma orient_inv_r s x : orient s (orient (orient_inv s) x) = x.
Proof. destruct x as [x y]; cases8 s; simpl; f_equal; lia. Qed.

Lemma orient_translate s a b : orient s (translate a b) = translate (orient s a) (orient s b).
Proof. destruct a as [a1 a2], b as [b1 b2]; cases8 s; unfold translate; simpl; f_equal; lia. Qed.

Lemma translate_assoc a b c : translate a (translate b c) = translate (translate a b) c.
Proof. destruct a, b, c; unfold translate; simpl; f_equal; lia. Qed.

Ltac pick_orient :=
  first [ exists 0%nat; intros [x y]; simpl; f_equal; lia
        | exists 1%nat; intros [x y]; simpl; f_equal; lia
        | exists 2%nat; intros [x y]; simpl; f_equal; lia
        | exists 3%nat; intros [x y]; simpl; f_equal; lia
        | exists 4%nat; intros [x y]; simpl; f_equal; lia
        | exists 5%nat; intros [x y]; simpl; f_equal; lia
        | exists 6%nat; intros [x y]; simpl; f_equal; lia
        | exists 7%nat; intros [x y]; simpl; f_equal; lia ].

(** The 8 orientations form a group: a composite is again one of them. *)
Lemma orient_compose s1 s2 : exists s3, forall x, orient s1 (orient s2 x) = orient s3 x.
Proof. cases8 s1; cases8 s2; pick_orient. Qed.

Lemma place_unplace s t y : place s t (unplace s t y) = y.
Proof.
  unfold place, unplace. rewrite orient_inv_r. destruct t, y; unfold translate; simpl; f_equal; lia.
Qed.

Lemma unplace_place s t x : unplace s t (place s t x) = x.
Proof.
  unfold place, unplace. rewrite translate_assoc.
  replace (translate (- fst t, - snd t) t) with ((0, 0) : cell)
    by (destruct t; unfold translate; simpl; f_equal; lia).
  rewrite <- (orient_inv_l s x) at 2. destruct (orient s x); reflexivity.
Qed.

Lemma has_snaky_place s t M : has_snaky M -> has_snaky (map (place s t) M).
Proof.
  intros [s1 [t1 Hi]]. destruct (orient_compose s s1) as [s3 Hs3].
  exists s3, (translate t (orient s t1)). intros y Hy.
  unfold copy in Hy. apply in_map_iff in Hy. destruct Hy as [x [<- Hx]].
  apply in_map_iff. exists (translate t1 (orient s1 x)). split.
  - unfold place. rewrite orient_translate, Hs3, translate_assoc. reflexivity.
  - apply Hi. unfold copy. apply in_map with (f := fun c => translate t1 (orient s1 c)). exact Hx.
Qed.

Definition map_position (g : cell -> cell) (P : position) : position :=
  {| maker := map g (maker P); breaker := map g (breaker P) |}.

(** Winning is invariant under a bijection of the board that maps copies of
    Snaky to copies of Snaky. *)
Lemma wins_map (g g' : cell -> cell) :
  (forall x, g' (g x) = x) -> (forall y, g (g' y) = y) ->
  (forall M, has_snaky M -> has_snaky (map g M)) ->
  forall h P, maker_wins_within h P -> maker_wins_within h (map_position g P).
Proof.
  intros Hl Hr Hs.
  assert (Hin : forall x l, In (g x) (map g l) -> In x l).
  { intros x l H. apply in_map_iff in H. destruct H as [y [Hy H]].
    rewrite <- (Hl y), Hy, Hl in H. exact H. }
  induction 1 as [h P c Hh Hfree Hwin | h P c Hh Hfree Hnext IH].
  - apply win_now with (g c); [exact Hh | |].
    + destruct Hfree as [F1 F2]; split; intros H; apply Hin in H; [apply F1 | apply F2]; exact H.
    + apply (Hs _ Hwin).
  - apply win_later with (g c); [exact Hh | destruct Hfree as [F1 F2]; split; intros H; apply Hin in H; [apply F1 | apply F2]; exact H |].
    intros b Hb.
    assert (Hb' : free (maker_move P c) (g' b)).
    { destruct Hb as [F1 F2]; split; intros H; [apply F1 | apply F2]; apply (in_map g) in H;
        rewrite Hr in H; exact H. }
    specialize (IH _ Hb'). unfold map_position in IH. simpl in IH. rewrite Hr in IH. exact IH.
Qed.

(** ** Cards *)

(** A card (A, T, h); A and T are finite sets, given by decidable membership. *)
Record card : Type := { A : cell -> bool; T : cell -> bool; h : nat }.

(** (A, T, h) holds: whenever Maker is to move, owns A, and Breaker owns
    nothing in T, Maker wins within h moves. *)
Definition holds (k : card) : Prop :=
  forall P, valid P ->
    (forall x, A k x = true -> In x (maker P)) ->
    (forall x, T k x = true -> ~ In x (breaker P)) ->
    maker_wins_within (h k) P.

Lemma holds_ext k k' :
  (forall x, A k x = true -> A k' x = true) -> (forall x, T k x = true -> T k' x = true) ->
  (h k <= h k')%nat -> holds k -> holds k'.
Proof.
  intros HA HT Hh Hk P Hv HA' HT'. apply wins_le with (h k); [|exact Hh].
  apply Hk; [exact Hv | intros x Hx; apply HA', HA, Hx | intros x Hx; apply HT', HT, Hx].
Qed.

(** *** Base cards: card j = (S \ {s_j}, S, 1), for j = 0..5. *)
Definition base (j : nat) : card :=
  {| A := fun x => mem x snaky && negb (cell_eqb x (nth j snaky (0, 0)));
     T := fun x => mem x snaky;
     h := 1 |}.

Lemma snaky_copy : copy 0 (0, 0) = snaky.
Proof. reflexivity. Qed.

Theorem base_holds j : holds (base j).
Proof.
  intros P Hv HA HT. unfold base in *; cbn [A T h] in *. set (m := nth j snaky (0, 0)) in *.
  assert (Hown : forall x, In x snaky -> x <> m -> In x (maker P)).
  { intros x Hx Hne. apply HA. apply andb_true_iff. split; [apply mem_spec; exact Hx|].
    apply negb_true_iff. destruct (cell_eqb x m) eqn:E; auto. apply cell_eqb_spec in E. contradiction. }
  destruct (in_dec cell_eq_dec m (maker P)) as [Hm|Hm].
  - destruct (fresh_cell (maker P ++ breaker P)) as [f Hf].
    apply win_now with f; [lia | split; eauto using not_in_app_l, not_in_app_r |].
    exists 0%nat, (0, 0). rewrite snaky_copy. intros x Hx. right.
    destruct (cell_eq_dec x m) as [->|Hne]; auto.
  - apply win_now with m; [lia | split; [exact Hm|] |].
    + apply HT, mem_spec. unfold m. destruct j as [|[|[|[|[|[|j]]]]]]; simpl; auto 7.
      destruct j; simpl; auto 7.
    + exists 0%nat, (0, 0). rewrite snaky_copy. intros x Hx. simpl.
      destruct (cell_eq_dec m x) as [->|Hne]; auto.
Qed.

(** *** Placement: F(x) = R_s x + t maps a card that holds to a card that holds. *)
Definition placed (s : nat) (t : cell) (k : card) : card :=
  {| A := fun y => A k (unplace s t y);
     T := fun y => T k (unplace s t y);
     h := h k |}.

Theorem placed_holds s t k : holds k -> holds (placed s t k).
Proof.
  intros Hk P Hv HA HT. simpl in *.
  set (P0 := map_position (unplace s t) P).
  assert (H0 : maker_wins_within (h k) P0).
  { apply Hk.
    - intros x Hx Hy. unfold P0, map_position in *; simpl in *.
      apply in_map_iff in Hx, Hy. destruct Hx as [a [<- Ha]], Hy as [b [Hab Hb]].
      assert (a = b) by (rewrite <- (place_unplace s t a), <- Hab, place_unplace; reflexivity).
      subst. apply (Hv _ Ha Hb).
    - intros x Hx. apply in_map_iff. exists (place s t x).
      split; [apply unplace_place | apply HA; rewrite unplace_place; exact Hx].
    - intros x Hx Hin. apply in_map_iff in Hin. destruct Hin as [b [<- Hb]].
      apply (HT b Hx Hb). }
  apply (wins_map (place s t) (unplace s t) (unplace_place s t) (place_unplace s t)
                  (has_snaky_place s t)) in H0.
  unfold P0, map_position in H0. simpl in H0. rewrite !map_map in H0.
  rewrite !(map_ext _ _ (place_unplace s t)), !map_id in H0. destruct P; exact H0.
Qed.

(** *** The combination rule (SPEC §2.2):
    T = {p} ∪ ⋃Tᵢ, A = (⋃Aᵢ ∪ ⋂Tᵢ) \ {p}, h = 1 + max hᵢ. *)
Definition combine (p : cell) (cs : list card) : card :=
  {| T := fun x => cell_eqb x p || existsb (fun k => T k x) cs;
     A := fun x => (existsb (fun k => A k x) cs || forallb (fun k => T k x) cs)
                   && negb (cell_eqb x p);
     h := S (list_max (map h cs)) |}.

(** Why it is sound: Maker claims p (or, if Maker already owns p, any free
    cell).  Breaker's reply b is not Maker's, so b ∉ A ∪ {p}; some child's
    envelope avoids b; that child's A lies in A ∪ {p}, which Maker now owns,
    and its envelope lies in T, which held no Breaker stone before b.  So the
    child holds in the new position, and Maker wins within its h ≤ h − 1. *)
Lemma combine_general (p : cell) (cs : list card) (k : card) :
  Forall holds cs ->
  T k p = true ->
  (forall c, In c cs ->
     (forall x, T c x = true -> T k x = true) /\
     (forall x, A c x = true -> x = p \/ A k x = true) /\
     (h c < h k)%nat) ->
  (forall b, b <> p -> A k b = false -> exists c, In c cs /\ T c b = false) ->
  holds k.
Proof.
  intros Hcs Hp Hch Hcover P Hv HA HT.
  assert (Hm : exists m, free P m /\ In p (m :: maker P)).
  { destruct (in_dec cell_eq_dec p (maker P)) as [Hin|Hin].
    - destruct (fresh_cell (maker P ++ breaker P)) as [f Hf].
      exists f. split; [split; eauto using not_in_app_l, not_in_app_r | right; exact Hin].
    - exists p. split; [split; [exact Hin | apply HT, Hp] | left; reflexivity]. }
  destruct Hm as [m [Hfm Hpm]].
  assert (Hreply : forall b, free (maker_move P m) b ->
            exists c, In c cs /\ (h c < h k)%nat /\
                      maker_wins_within (h c) (breaker_move (maker_move P m) b)).
  { intros b [Hb1 Hb2].
    destruct (Hcover b) as [c [Hc HTc]].
    - intros ->. apply Hb1. exact Hpm.
    - destruct (A k b) eqn:E; [|reflexivity]. exfalso. apply Hb1. right. apply HA, E.
    - destruct (Hch c Hc) as [HcT [HcA Hch']].
      exists c. split; [exact Hc|]. split; [exact Hch'|].
      rewrite Forall_forall in Hcs. apply (Hcs c Hc).
      + intros x Hx1 [Hx2|Hx2]; simpl in *; subst.
        * apply Hb1. exact Hx1.
        * destruct Hx1 as [<-|Hx1]; [apply (proj2 Hfm), Hx2 | apply (Hv x Hx1 Hx2)].
      + intros x Hx. simpl. destruct (HcA x Hx) as [->|Hx']; [exact Hpm | right; apply HA, Hx'].
      + intros x Hx. simpl. intros [<-|Hin]; [rewrite Hx in HTc; discriminate | apply (HT x (HcT x Hx) Hin)]. }
  destruct (fresh_cell ((m :: maker P) ++ breaker P)) as [b0 Hb0].
  destruct (Hreply b0) as [c0 [_ [Hlt0 Hw0]]];
    [split; eauto using not_in_app_l, not_in_app_r|].
  apply wins_height in Hw0.
  apply win_later with m; [lia | exact Hfm |].
  intros b Hb. destruct (Hreply b Hb) as [c [_ [Hlt Hw]]].
  apply wins_le with (h c); [exact Hw | lia].
Qed.

(** The rule's sets meet the conditions of [combine_general]. *)
Lemma combine_conditions (p : cell) (cs : list card) :
  T (combine p cs) p = true /\
  (forall c, In c cs ->
     (forall x, T c x = true -> T (combine p cs) x = true) /\
     (forall x, A c x = true -> x = p \/ A (combine p cs) x = true) /\
     (h c < h (combine p cs))%nat) /\
  (forall b, b <> p -> A (combine p cs) b = false -> exists c, In c cs /\ T c b = false).
Proof.
  split; [simpl; rewrite (proj2 (cell_eqb_spec p p) eq_refl); reflexivity | split].
  - intros c Hc. split; [|split].
    + intros x Hx. simpl. apply orb_true_iff. right. apply existsb_exists. eauto.
    + intros x Hx. destruct (cell_eq_dec x p) as [->|Hne]; [left; reflexivity | right].
      simpl. apply andb_true_iff. split.
      * apply orb_true_iff. left. apply existsb_exists. eauto.
      * apply negb_true_iff. destruct (cell_eqb x p) eqn:E; auto. apply cell_eqb_spec in E. contradiction.
    + simpl. assert (h c <= list_max (map h cs))%nat; [|lia].
      assert (Hall := proj1 (list_max_le (map h cs) _) (le_n _)).
      rewrite Forall_forall in Hall. apply Hall, in_map, Hc.
  - intros b Hbp HA. simpl in HA.
    assert (Hn : cell_eqb b p = false).
    { destruct (cell_eqb b p) eqn:E; auto. apply cell_eqb_spec in E. contradiction. }
    rewrite Hn, andb_true_r in HA. apply orb_false_iff in HA. destruct HA as [_ HA].
    apply not_true_iff_false in HA. rewrite forallb_forall in HA.
    clear Hn. induction cs as [|c cs IH]; [exfalso; apply HA; intros x []|].
    destruct (T c b) eqn:E; [|exists c; split; [left; reflexivity | exact E]].
    destruct IH as [c' [Hc' HT']].
    + intros Hall. apply HA. intros x [<-|Hx]; auto.
    + exists c'. split; [right; exact Hc' | exact HT'].
Qed.

Theorem combination_sound (p : cell) (cs : list card) :
  cs <> [] -> Forall holds cs -> holds (combine p cs).
Proof.
  intros _ Hcs. destruct (combine_conditions p cs) as [Hp [Hch Hcover]].
  apply (combine_general p cs); assumption.
Qed.
