#!/bin/bash
# vm/kernel.sh: makes sure a Debian kernel, its modules and a static busybox are unpacked in the cache, and
# prints the kernel version. Packages come from Debian's archive with `apt-get download` (unpacked with
# dpkg -x, never installed).
#
# Environment:
#   VM_ARCH        amd64 (default; the x86_64 VM of vm/run.sh), arm64 or armhf (the virt VMs of vm/arm/run.sh)
#   VM_CACHE       the cache (default ~/.cache/flipbook-vm for amd64, ~/.cache/flipbook-vm/ARCH otherwise)
#   VM_KERNEL_PKG  pins a kernel, e.g. linux-image-6.1.0-56-amd64
#
# arm64 and armhf packages are fetched on any host through a private package index (its own lists and archive
# directories in the cache, APT::Architecture=ARCH): dpkg's architecture list and the system's apt state
# are left alone. armhf's kernel is linux-image-armmp (ARMv7, multiplatform; it has the virt board).
set -euo pipefail
ARCH=${VM_ARCH:-amd64}
case $ARCH in
	amd64) CACHE=${VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flipbook-vm}; APT=(apt-get) ;;
	arm64 | armhf)
		CACHE=${VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flipbook-vm/$ARCH}
		APT=(apt-get -o APT::Architecture="$ARCH" -o APT::Architectures="$ARCH"
			-o Dir::State::Lists="$CACHE/apt/lists" -o Dir::Cache="$CACHE/apt/cache")
		mkdir -p "$CACHE/apt/lists/partial" "$CACHE/apt/cache/archives/partial" ;;
	*) echo "vm/kernel.sh: unknown VM_ARCH=$ARCH (amd64, arm64 or armhf)" >&2; exit 2 ;;
esac
FLAVOUR=$ARCH
[ "$ARCH" = armhf ] && FLAVOUR=armmp
mkdir -p "$CACHE"

# Downloads PKG into the current directory, refreshing the package lists when it is not found; three tries
# (a mirror mid-sync or a dropped connection fails one), then apt's messages and failure.
download() {
	log=$CACHE/download.log
	: >"$log"
	for attempt in 1 2 3; do
		"${APT[@]}" -o APT::Sandbox::User=root download "$1" >/dev/null 2>>"$log" && return 0
		"${APT[@]}" -o APT::Sandbox::User=root update -qq >/dev/null 2>>"$log" || sleep $((attempt * 5))
	done
	echo "vm/kernel.sh: could not download $1 ($ARCH) from Debian's archive:" >&2
	tail -5 "$log" >&2
	return 1
}
unpack() { download "$1" && dpkg -x "$1"_*.deb root && rm -f "$1"_*.deb; }

suffix=${VM_KERNEL_PKG:+${VM_KERNEL_PKG#linux-image-}}
if ! ls "$CACHE"/root/boot/vmlinuz-${suffix:-*} >/dev/null 2>&1; then
	(
		cd "$CACHE"
		pkg=${VM_KERNEL_PKG-}
		if [ -z "$pkg" ]; then  # the metapackage names the versioned image package
			download "linux-image-$FLAVOUR"
			pkg=$(dpkg-deb -f "linux-image-${FLAVOUR}"_*.deb Depends | grep -o 'linux-image-[0-9][^ ,]*' | head -1)
			rm -f "linux-image-${FLAVOUR}"_*.deb
		fi
		echo "vm: fetching $pkg ($ARCH) from Debian's archive (first use only)" >&2
		unpack "$pkg"
		[ -x root/bin/busybox ] || unpack busybox-static
	)
fi
image=$(ls "$CACHE"/root/boot/vmlinuz-${suffix:-*} | head -1)
version=${image##*/vmlinuz-}
[ -e "$CACHE/root/lib/modules/$version/modules.dep" ] || depmod -b "$CACHE/root" "$version"

# amd64: booting the bzImage spends ~2.5 s in its xz decompressor under TCG; the unpacked ELF vmlinux boots
# through its PVH entry point instead (fine for DRM; vesafb needs the bzImage's real-mode vga= setup).
# arm64: bookworm's vmlinuz is already an uncompressed Image, which qemu-system-aarch64 -kernel boots.
vmlinux=$CACHE/vmlinux-$version
if [ "$ARCH" = amd64 ] && [ ! -s "$vmlinux" ]; then
	offset=$(LC_ALL=C grep -obUaP '\xFD7zXZ\x00' "$image" | head -1 | cut -d: -f1)
	tail -c +$((offset + 1)) "$image" | xz -dcqq --single-stream >"$vmlinux" 2>/dev/null || true
	[ -s "$vmlinux" ] || rm -f "$vmlinux"
fi
echo "$version"
