#!/bin/bash
# Runs each right/racy kernel pair of the Hopper race tests on the GPU (see README.md).
# usage: run_pairs.sh PAIRHOST [RUNS]   (from the repository root; needs a GPU of sm_90)
set -u
host=$1; runs=${2:-20}; t=tests/ptx_rules
# a racy kernel may fault or hang (an mbarrier phase that never completes): 30 s a pair at most
pair() {
    [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $3 "* ]] && return
    timeout 30 "$host" "$t/$1" "$2" "$3" "$4" "$5" "$runs" "$6" || echo "$3 vs $2: failed (status $?)"
}
pair SHARED_RACE_mbarrier_phase_pos.ptx parity_follows parity_fixed      128 264 f,f
pair SHARED_RACE_mbarrier_phase_pos.ptx parity_follows parity_per_stage  128 264 f,f
pair SHARED_RACE_mbarrier_phase_pos.ptx expect_full    expect_short      128 264 f,f,f
pair SHARED_RACE_mbarrier_phase_pos.ptx expect_full    expect_split      128 264 f,f,f
pair SHARED_RACE_mbarrier_phase_pos.ptx handoff_follows handoff_fixed    128 264 f,f,i4:8
pair SHARED_RACE_wgmma_flight_pos.ptx   single_retired single_wait1      128 132 h,h,f,i4:64
pair SHARED_RACE_wgmma_flight_pos.ptx   single_retired single_no_wait    128 132 h,h,f,i4:64
pair SHARED_RACE_wgmma_flight_pos.ptx   twin_wait1     twin_wait2        128 132 h,h,f,i4:64
pair SHARED_RACE_wgmma_flight_pos.ptx   twin_branch_wait1 twin_branch_wait2 128 132 h,h,f,i4:64
pair SHARED_RACE_proxy_fence_pos.ptx    stage_fenced   stage_unfenced    256 264 f,f,f4:2.0
pair SHARED_RACE_proxy_fence_pos.ptx    stage_fenced   stage_issuer_fenced 256 264 f,f,f4:2.0
pair SHARED_RACE_proxy_fence_pos.ptx    tile_fenced    tile_unfenced     128 132 h,h,f
