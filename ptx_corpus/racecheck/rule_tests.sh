#!/bin/bash
# The race rule tests written for ranks, copies of one value, flags, a store's second trip round its
# loop, stores of different widths, arrive-and-wait, split arrive and wait (also under .maxntid) and
# arrivals on a loop's way round, rings of mbarriers, full and empty rings, named barriers a loop's steps pick
# and ring windows, loops skipped only for an empty input, rings whose stage counter wraps, blocks of
# any shape, stores into another block of the cluster and named barriers in remainder loops
# (tests/ptx_rules), each kernel launched once by racehost under
# `compute-sanitizer --tool racecheck` on a GPU machine: racecheck's summary and first hazards. A
# launch that has not ended after 20 s (a kernel that hangs) exits 124.
#
# usage: ptx_corpus/racecheck/rule_tests.sh RACEHOST [SANITIZER]    (from the repository's root)
# RACEHOST: racehost built as README.md says. Results of a run: rule_tests.txt.
host=${1:?usage: rule_tests.sh RACEHOST [SANITIZER]}
san=${2:-/usr/local/cuda/bin/compute-sanitizer}
rules=tests/ptx_rules
while read -r file kernel block grid params; do
    out=$(timeout 20 "$san" --tool racecheck --racecheck-report hazard --print-limit 4 "$host" "$rules/$file" "$kernel" "$block" \
        "$grid" "$params" 2>&1)
    echo "== $file $kernel: exit $? $(echo "$out" | grep -o 'RACECHECK SUMMARY.*')"
    echo "$out" | grep -E "^========= (Error|Warning)" | head -2
done <<'LIST'
SHARED_RACE_copies_pos.ptx halo_off_by_one 128 4 p,p
SHARED_RACE_copies_pos.ptx halo_right 128 4 p,p
SHARED_RACE_copies_pos.ptx tile_masked 256 2 p,p,i4:4
SHARED_RACE_copies_pos.ptx tile_masked_unbounded 256 2 p,p,i4:4
SHARED_RACE_flag_pos.ptx flag_any 256 2 p,f4:0,p
SHARED_RACE_flag_pos.ptx flag_vote 256 2 p,f4:0,p
SHARED_RACE_flag_pos.ptx flag_one_writer 256 2 p,f4:0,p
SHARED_RACE_flag_pos.ptx flag_atomic 256 2 p,f4:0,p
SHARED_RACE_rank_ties_pos.ptx rank_ties 64 2 p,p
SHARED_RACE_rank_ties_pos.ptx rank_stable 64 2 p,p
SHARED_RACE_rank_ties_pos.ptx rank_two_loops 64 2 p,p
SHARED_RACE_rank_ties_pos.ptx compact_by_scan 64 2 p,p,p
SHARED_RACE_rank_ties_pos.ptx rank_one_thread 64 2 p,p
SHARED_RACE_carve_second_trip_pos.ptx carve_short 128 2 p,p,p
SHARED_RACE_carve_second_trip_pos.ptx carve_right 128 2 p,p,p
SHARED_RACE_carve_second_trip_pos.ptx carve_short_ordered 128 2 p,p,p
SHARED_RACE_partial_overlap_pos.ptx tail_overlaps 256 2 p,p
SHARED_RACE_partial_overlap_pos.ptx tail_right 256 2 p,p
SHARED_RACE_partial_overlap_pos.ptx bias_overlaps 256 2 p,p,p
SHARED_RACE_arrive_and_wait_sm_80_neg.ptx swap_arrive_wait 256 2 p,p
SHARED_RACE_arrive_and_wait_sm_80_neg.ptx tiles_two_phases 256 2 p,p,i4:8
SHARED_RACE_arrive_and_wait_sm_80_neg.ptx tiles_one_phase 256 2 p,p,i4:8
SHARED_RACE_arrive_and_wait_sm_80_neg.ptx tiles_half_count 256 2 p,p,i4:8
SHARED_RACE_arrive_and_wait_sm_90a_neg.ptx tiles_two_phases 256 2 p,p,i4:8
SHARED_RACE_arrive_and_wait_sm_90a_neg.ptx tiles_one_phase 256 2 p,p,i4:8
SHARED_RACE_split_barrier_neg.ptx relax_split_ok 128 2 p,p,p,i4:8
SHARED_RACE_split_barrier_pos.ptx relax_split_clobber 128 2 p,p,p,i4:8
SHARED_RACE_ring_arrival_round_neg.ptx ring_reduce 128 2 p,p,i4:4
SHARED_RACE_ring_arrival_round_pos.ptx ring_reduce_early 128 2 p,p,i4:4
SHARED_RACE_split_barrier_maxntid_neg.ptx smooth_split 256 2 p,i4:8
SHARED_RACE_split_barrier_maxntid_pos.ptx smooth_split_late 256 2 p,i4:8
SHARED_RACE_mbarrier_ring_pos.ptx ring2_flip_every 128 2 p,p,i4:4
SHARED_RACE_mbarrier_ring_pos.ptx ring3_parity_fixed 128 2 p,p,i4:6
SHARED_RACE_mbarrier_ring_pos.ptx ring2_flip_every_drained 128 2 p,p,i4:4
SHARED_RACE_mbarrier_ring_neg.ptx ring3_per_stage 128 2 p,p,i4:6
SHARED_RACE_mbarrier_ring_neg.ptx ring2_flip_on_wrap 128 2 p,p,i4:4
SHARED_RACE_mbarrier_ring_neg.ptx ring1_flip_every 128 2 p,p,i4:4
SHARED_RACE_named_barrier_steps_pos.ptx ring_release_before_reads 128 2 p,p,i4:6
SHARED_RACE_named_barrier_steps_neg.ptx ring_release_after_reads 128 2 p,p,i4:6
SHARED_RACE_named_barrier_steps_neg.ptx ring_release_after_reads 128 2 p,p,i4:64
SHARED_RACE_ring_window_pos.ptx window_of_4 256 2 p,p,i4:6
SHARED_RACE_empty_size_neg.ptx row_scale 256 2 p,p,i4:4
SHARED_RACE_empty_size_pos.ptx row_scale 256 2 p,p,i4:1
SHARED_RACE_ring_wrap_neg.ptx ring_wrap 128 2 p,p,i4:9
SHARED_RACE_ring_wrap_pos.ptx ring_wrap 128 2 p,p,i4:9
SHARED_RACE_any_shape_3d_neg.ptx box3_mean 8x8x4 2 p,p,i4:512
SHARED_RACE_any_shape_3d_pos.ptx box3_mean 8x8x4 2 p,p,i4:512
SHARED_RACE_remote_store_neg.ptx col_sums_pair 128 2 p,p,i4:64
SHARED_RACE_remote_store_pos.ptx col_sums_pair 128 2 p,p,i4:64
SHARED_RACE_named_barrier_remainder_neg.ptx scale_stream 128 2 p,p,i4:10,f4:0.5
SHARED_RACE_named_barrier_remainder_pos.ptx scale_stream 128 2 p,p,i4:10,f4:0.5
SHARED_RACE_ring_window_neg.ptx window_of_3 256 2 p,p,i4:6
SHARED_RACE_full_empty_ring_neg.ptx ring_waits_empty 160 2 p,p,i4:6
SHARED_RACE_full_empty_ring_pos.ptx ring_skips_empty 160 2 p,p,i4:6
LIST
