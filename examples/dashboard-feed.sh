#!/bin/sh
# Feeds examples/dashboard.json with a value every half second through `flipbook send`: the gauge's strokeEnd
# follows the value, and the gauge and the alarm bar turn red while it is above the limit.
#   flipbook play examples/dashboard.json --control /tmp/dashboard.sock &
#   examples/dashboard-feed.sh /tmp/dashboard.sock
# A value source can replace the sine below (a sensor file, `cat /sys/class/thermal/thermal_zone0/temp`, …).
set -eu
socket=${1:-/tmp/dashboard.sock}
flipbook=${FLIPBOOK:-flipbook}
limit=80
step=0
while :; do
    value=$(awk -v s="$step" 'BEGIN { printf "%d", 50 + 45 * sin(s / 5) }')
    fraction=$(awk -v v="$value" 'BEGIN { printf "%.3f", v / 100 }')
    "$flipbook" send "$socket" "{\"set\": \"gauge\", \"values\": {\"strokeEnd\": $fraction}, \"duration\": 0.4}" >/dev/null
    if [ "$value" -gt "$limit" ]; then colour='#e0523a'; opacity=1; else colour='#3a8ee0'; opacity=0.25; fi
    "$flipbook" send "$socket" "{\"set\": \"gauge\", \"values\": {\"strokeColor\": \"$colour\"}}" >/dev/null
    "$flipbook" send "$socket" \
        "{\"set\": \"alarm\", \"values\": {\"backgroundColor\": \"$colour\", \"opacity\": $opacity}}" >/dev/null
    step=$((step + 1))
    sleep 0.5
done
