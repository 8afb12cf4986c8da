(** * The card calculus on a finite board (for the 17×17 corollary).

    A board is a predicate [on] listed without repetition by [cells].  A card
    holds on boards when, on every board containing its envelope T, with
    enough free cells left for h more rounds, Maker owning A and Breaker
    nothing in T, Maker wins within h moves playing on the board only. *)

From Coq Require Import ZArith List Bool Lia FinFun.
Import ListNotations.
From Pokopoko Require Import Game Cards.
Open Scope Z_scope.

Definition stones (P : position) : nat := length (maker P) + length (breaker P).

Definition holds_on (k : card) : Prop :=
  forall (on : cell -> Prop) (cells : list cell) (P : position),
    NoDup cells -> (forall c, on c <-> In c cells) ->
    (forall x, T k x = true -> on x) ->
    (stones P + 2 * h k <= length cells)%nat ->
    valid P ->
    (forall x, A k x = true -> In x (maker P)) ->
    (forall x, T k x = true -> ~ In x (breaker P)) ->
    maker_wins_within_on on (h k) P.

(** A board with more cells than l has a cell outside l. *)
Lemma free_board_cell (cells l : list cell) :
  NoDup cells -> (length l < length cells)%nat -> exists c, In c cells /\ ~ In c l.
Proof.
  intros Hnd Hlen.
  destruct (existsb (fun c => negb (mem c l)) cells) eqn:E.
  - apply existsb_exists in E. destruct E as [c [Hc Hm]]. exists c. split; [exact Hc|].
    rewrite <- mem_spec. destruct (mem c l); [discriminate | intros H; discriminate].
  - exfalso. assert (Hincl : incl cells l).
    { intros c Hc. apply mem_spec. destruct (mem c l) eqn:Em; [reflexivity|].
      assert (Hex : existsb (fun c => negb (mem c l)) cells = true)
        by (apply existsb_exists; exists c; rewrite Em; auto).
      rewrite Hex in E; discriminate. }
    apply (NoDup_incl_length Hnd) in Hincl. lia.
Qed.

Lemma wins_on_height on h P : maker_wins_within_on on h P -> (1 <= h)%nat.
Proof. intros []; lia. Qed.

Lemma wins_on_le on h P : maker_wins_within_on on h P ->
  forall h', (h <= h')%nat -> maker_wins_within_on on h' P.
Proof.
  induction 1 as [h P c Hh Hon Hc Hw | h P c Hh Hon Hc Hex Hn IH]; intros h' Hle.
  - apply win_now_on with c; auto; lia.
  - apply win_later_on with c; auto; [lia|]. intros b Hb Hfb. apply IH; auto; lia.
Qed.

Lemma holds_on_ext k k' :
  (forall x, A k x = true -> A k' x = true) -> (forall x, T k x = true -> T k' x = true) ->
  h k = h k' -> holds_on k -> holds_on k'.
Proof.
  intros HA HT Hh Hk on cells P Hnd Hcells Hon Hlen Hv HA' HT'. rewrite <- Hh.
  apply (Hk on cells P Hnd Hcells); [intros x Hx; apply Hon, HT, Hx | rewrite Hh; exact Hlen | exact Hv
    | intros x Hx; apply HA', HA, Hx | intros x Hx; apply HT', HT, Hx].
Qed.

Lemma stones_in_board cells P :
  (stones P < length cells)%nat -> NoDup cells -> exists c, In c cells /\ free P c.
Proof.
  intros Hlen Hnd. destruct (free_board_cell cells (maker P ++ breaker P) Hnd) as [c [Hc Hf]].
  - unfold stones in Hlen. rewrite app_length. exact Hlen.
  - exists c. split; [exact Hc | split; eauto using not_in_app_l, not_in_app_r].
Qed.

(** *** Base cards *)
Theorem base_holds_on j : holds_on (base j).
Proof.
  intros on cells P Hnd Hcells Hon Hlen Hv HA HT. unfold base in *; cbn [A T h] in *.
  set (m := nth j snaky (0, 0)) in *.
  assert (Hm_in : In m snaky).
  { unfold m. destruct j as [|[|[|[|[|[|j]]]]]]; simpl; auto 7. destruct j; simpl; auto 7. }
  assert (Hown : forall x, In x snaky -> x <> m -> In x (maker P)).
  { intros x Hx Hne. apply HA. apply andb_true_iff. split; [apply mem_spec; exact Hx|].
    apply negb_true_iff. destruct (cell_eqb x m) eqn:E; auto. apply cell_eqb_spec in E. contradiction. }
  destruct (in_dec cell_eq_dec m (maker P)) as [Hm|Hm].
  - destruct (stones_in_board cells P) as [f [Hf Hff]]; [lia | exact Hnd |].
    apply win_now_on with f; [lia | apply Hcells, Hf | exact Hff |].
    exists 0%nat, (0, 0). rewrite snaky_copy. intros x Hx. right.
    destruct (cell_eq_dec x m) as [->|Hne]; auto.
  - apply win_now_on with m; [lia | apply Hon, mem_spec, Hm_in | split; [exact Hm | apply HT, mem_spec, Hm_in] |].
    exists 0%nat, (0, 0). rewrite snaky_copy. intros x Hx. simpl.
    destruct (cell_eq_dec m x) as [->|Hne]; auto.
Qed.

(** *** Placement *)
Lemma wins_map_on (g g' : cell -> cell) (on on' : cell -> Prop) :
  (forall x, g' (g x) = x) -> (forall y, g (g' y) = y) ->
  (forall M, has_snaky M -> has_snaky (map g M)) ->
  (forall x, on x -> on' (g x)) -> (forall y, on' y -> on (g' y)) ->
  forall h P, maker_wins_within_on on h P -> maker_wins_within_on on' h (map_position g P).
Proof.
  intros Hl Hr Hs Hon Hon'.
  assert (Hin : forall x l, In (g x) (map g l) -> In x l).
  { intros x l H. apply in_map_iff in H. destruct H as [y [Hy H]].
    rewrite <- (Hl y), Hy, Hl in H. exact H. }
  induction 1 as [h P c Hh Hc Hfree Hwin | h P c Hh Hc Hfree Hex Hnext IH].
  - apply win_now_on with (g c); [exact Hh | apply Hon, Hc | |].
    + destruct Hfree as [F1 F2]; split; intros H; apply Hin in H; [apply F1 | apply F2]; exact H.
    + apply (Hs _ Hwin).
  - apply win_later_on with (g c); [exact Hh | apply Hon, Hc | | |].
    + destruct Hfree as [F1 F2]; split; intros H; apply Hin in H; [apply F1 | apply F2]; exact H.
    + destruct Hex as [b [Hb [F1 F2]]]. exists (g b). split; [apply Hon, Hb|].
      split; intros H; [apply F1, (Hin b (c :: maker P)), H | apply F2, (Hin b (breaker P)), H].
    + intros b Hb Hfb.
      assert (Hb' : free (maker_move P c) (g' b)).
      { destruct Hfb as [F1 F2]; split; intros H; [apply F1 | apply F2]; apply (in_map g) in H;
          rewrite Hr in H; exact H. }
      specialize (IH _ (Hon' _ Hb) Hb'). unfold map_position in IH. simpl in IH. rewrite Hr in IH. exact IH.
Qed.

Theorem placed_holds_on s t k : holds_on k -> holds_on (placed s t k).
Proof.
  intros Hk on cells P Hnd Hcells Hon Hlen Hv HA HT. simpl in *.
  set (P0 := map_position (unplace s t) P).
  assert (H0 : maker_wins_within_on (fun x => on (place s t x)) (h k) P0).
  { apply (Hk _ (map (unplace s t) cells)).
    - apply Injective_map_NoDup; [|exact Hnd].
      intros a b Hab. rewrite <- (place_unplace s t a), Hab, place_unplace. reflexivity.
    - intros c. rewrite Hcells, in_map_iff. split.
      + intros H. exists (place s t c). split; [apply unplace_place | exact H].
      + intros [y [<- Hy]]. rewrite place_unplace. exact Hy.
    - intros x Hx. apply Hon. rewrite unplace_place. exact Hx.
    - unfold P0, map_position, stones in *; simpl. rewrite !map_length. exact Hlen.
    - intros x Hx Hy. unfold P0, map_position in *; simpl in *.
      apply in_map_iff in Hx, Hy. destruct Hx as [a [<- Ha]], Hy as [b [Hab Hb]].
      assert (a = b) by (rewrite <- (place_unplace s t a), <- Hab, place_unplace; reflexivity).
      subst. apply (Hv _ Ha Hb).
    - intros x Hx. apply in_map_iff. exists (place s t x).
      split; [apply unplace_place | apply HA; rewrite unplace_place; exact Hx].
    - intros x Hx Hin. apply in_map_iff in Hin. destruct Hin as [b [<- Hb]].
      apply (HT b Hx Hb). }
  apply (wins_map_on (place s t) (unplace s t) _ on (unplace_place s t) (place_unplace s t)
                  (has_snaky_place s t)) in H0;
    [| intros x Hx; exact Hx | intros y Hy; rewrite place_unplace; exact Hy].
  unfold P0, map_position in H0. simpl in H0. rewrite !map_map in H0.
  rewrite !(map_ext _ _ (place_unplace s t)), !map_id in H0. destruct P; exact H0.
Qed.

(** *** The combination rule *)
Lemma combine_general_on (p : cell) (cs : list card) (k : card) :
  Forall holds_on cs ->
  T k p = true ->
  (forall c, In c cs ->
     (forall x, T c x = true -> T k x = true) /\
     (forall x, A c x = true -> x = p \/ A k x = true) /\
     (h c < h k)%nat) ->
  (forall b, b <> p -> A k b = false -> exists c, In c cs /\ T c b = false) ->
  holds_on k.
Proof.
  intros Hcs Hp Hch Hcover on cells P Hnd Hcells Hon Hlen Hv HA HT.
  rewrite Forall_forall in Hcs.
  (* Some child exists: the cover of a cell far away. *)
  destruct (fresh_cell (p :: maker P)) as [b0 Hb0].
  destruct (Hcover b0) as [c0 [Hc0 _]].
  { intros ->. apply Hb0. left. reflexivity. }
  { destruct (A k b0) eqn:E; [|reflexivity]. exfalso. apply Hb0. right. apply HA, E. }
  destruct (Hch c0 Hc0) as [HcT0 [HcA0 Hlt0]].
  destruct (in_dec cell_eq_dec p (maker P)) as [Hpin|Hpout].
  - (* Maker already owns p: child c0 holds now. *)
    apply wins_on_le with (h c0); [|lia].
    apply (Hcs c0 Hc0 on cells P Hnd Hcells); auto.
    + lia.
    + intros x Hx. destruct (HcA0 x Hx) as [->|Hx']; [exact Hpin | apply HA, Hx'].
  - (* Maker claims p; Breaker's reply b leaves some child whose envelope avoids b. *)
    assert (Hfp : free P p) by (split; [exact Hpout | apply HT, Hp]).
    assert (Hreply : forall b, on b -> free (maker_move P p) b ->
              exists c, In c cs /\ (h c < h k)%nat /\
                        maker_wins_within_on on (h c) (breaker_move (maker_move P p) b)).
    { intros b Hbon [Hb1 Hb2].
      destruct (Hcover b) as [c [Hc HTc]].
      - intros ->. apply Hb1. left. reflexivity.
      - destruct (A k b) eqn:E; [|reflexivity]. exfalso. apply Hb1. right. apply HA, E.
      - destruct (Hch c Hc) as [HcT [HcA Hch']].
        exists c. split; [exact Hc|]. split; [exact Hch'|].
        apply (Hcs c Hc on cells _ Hnd Hcells).
        + intros x Hx. apply Hon, HcT, Hx.
        + unfold stones in *; simpl. lia.
        + intros x Hx1 [Hx2|Hx2]; simpl in *; subst.
          * apply Hb1. exact Hx1.
          * destruct Hx1 as [<-|Hx1]; [apply (proj2 Hfp), Hx2 | apply (Hv x Hx1 Hx2)].
        + intros x Hx. simpl. destruct (HcA x Hx) as [->|Hx']; [left; reflexivity | right; apply HA, Hx'].
        + intros x Hx. simpl. intros [<-|Hin]; [rewrite Hx in HTc; discriminate | apply (HT x (HcT x Hx) Hin)]. }
    destruct (stones_in_board cells (maker_move P p)) as [b1 [Hb1 Hfb1]];
      [unfold stones in *; simpl; lia | exact Hnd |].
    destruct (Hreply b1 (proj2 (Hcells b1) Hb1) Hfb1) as [c1 [_ [Hlt1 Hw1]]].
    apply wins_on_height in Hw1.
    apply win_later_on with p; [lia | apply Hon, Hp | exact Hfp | |].
    + exists b1. split; [apply Hcells, Hb1 | exact Hfb1].
    + intros b Hbon Hb. destruct (Hreply b Hbon Hb) as [c [_ [Hlt Hw]]].
      apply wins_on_le with (h c); [exact Hw | lia].
Qed.

Theorem combination_sound_on (p : cell) (cs : list card) :
  Forall holds_on cs -> holds_on (combine p cs).
Proof.
  intros Hcs. destruct (combine_conditions p cs) as [Hp [Hch Hcover]].
  apply (combine_general_on p cs); assumption.
Qed.
