#!/bin/sh
# Installs the Debian packages listed in tools/deps/*.txt that are missing (one package name a line,
# '#' comments). Runs apt-get only when something is missing, so it is a no-op on a prepared machine.
set -eu
cd "$(dirname "$0")/deps"
missing=""
for pkg in $(cat ./*.txt | sed 's/#.*//' | tr -s ' \t' '\n' | sort -u); do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing" >&2
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 $missing >/dev/null
