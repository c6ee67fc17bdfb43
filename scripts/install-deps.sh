#!/bin/sh
# Installs, with apt-get, the Debian 12 packages trueno needs to build and test; packages
# already present are left alone. Run as root, or as a user who may use sudo.
set -eu
packages="build-essential cmake pkg-config liblua5.4-dev re2c glslang-dev glslang-tools spirv-tools
  libvulkan-dev mesa-vulkan-drivers libopenblas-dev libdnnl-dev strace valgrind gnuplot-nox diffutils clang
  libclang-rt-14-dev graphviz"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
  echo "install-deps: everything is installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
