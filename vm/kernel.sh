#!/bin/bash
# vm/kernel.sh: makes sure a Debian x86_64 kernel, its modules and a static busybox are unpacked in the
# cache, and prints the kernel version. Packages come from Debian's archive with `apt-get download`
# (unpacked with dpkg -x, never installed). Environment: VM_CACHE (default ~/.cache/flipbook-vm),
# VM_KERNEL_PKG to pin a kernel (e.g. linux-image-6.1.0-56-amd64).
set -euo pipefail
CACHE=${VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flipbook-vm}
mkdir -p "$CACHE"

download() {  # download PKG into the current directory, refreshing the package lists once if needed
	apt-get -o APT::Sandbox::User=root download "$1" >/dev/null 2>&1 ||
		{ apt-get update -qq >/dev/null && apt-get -o APT::Sandbox::User=root download "$1" >/dev/null; }
}
unpack() { download "$1" && dpkg -x "$1"_*.deb root && rm -f "$1"_*.deb; }

suffix=${VM_KERNEL_PKG:+${VM_KERNEL_PKG#linux-image-}}
if ! ls "$CACHE"/root/boot/vmlinuz-${suffix:-*} >/dev/null 2>&1; then
	(
		cd "$CACHE"
		pkg=${VM_KERNEL_PKG-}
		if [ -z "$pkg" ]; then  # the metapackage names the versioned image package
			download linux-image-amd64
			pkg=$(dpkg-deb -f linux-image-amd64_*.deb Depends | grep -o 'linux-image-[0-9][^ ,]*' | head -1)
			rm -f linux-image-amd64_*.deb
		fi
		echo "vm: fetching $pkg from Debian's archive (first use only)" >&2
		unpack "$pkg"
		[ -x root/bin/busybox ] || unpack busybox-static
	)
fi
image=$(ls "$CACHE"/root/boot/vmlinuz-${suffix:-*} | head -1)
version=${image##*/vmlinuz-}
[ -e "$CACHE/root/lib/modules/$version/modules.dep" ] || depmod -b "$CACHE/root" "$version"

# Booting the bzImage spends ~2.5 s in its xz decompressor under TCG; the unpacked ELF vmlinux boots
# through its PVH entry point instead (fine for DRM; vesafb needs the bzImage's real-mode vga= setup).
vmlinux=$CACHE/vmlinux-$version
if [ ! -s "$vmlinux" ]; then
	offset=$(LC_ALL=C grep -obUaP '\xFD7zXZ\x00' "$image" | head -1 | cut -d: -f1)
	tail -c +$((offset + 1)) "$image" | xz -dcqq --single-stream >"$vmlinux" 2>/dev/null || true
	[ -s "$vmlinux" ] || rm -f "$vmlinux"
fi
echo "$version"
