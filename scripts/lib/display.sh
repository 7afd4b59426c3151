# Shared by scripts/test.sh and scripts/e2e.sh (source it, do not run it): an Xvfb
# display and tauri-driver on free ports, all stopped when the calling script exits.
#   start_display               Xvfb on a free display; exports DISPLAY and WEBDRIVER_URL
#   start_driver [VAR=value..]  tauri-driver on the free ports (the variables go to the app)
#   stop_driver                 stops it and waits for its port to be free again

PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start_display() {
  display=99
  while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
    display=$((display + 1))
  done
  port=4444
  while ! port_free "$port" || ! port_free $((port + 1)); do
    port=$((port + 2))
  done
  Xvfb ":$display" -screen 0 1600x1000x24 -nolisten tcp >"/tmp/studio-e2e-xvfb-$display.log" 2>&1 &
  PIDS+=("$!")
  for _ in $(seq 1 50); do
    [ -e "/tmp/.X11-unix/X$display" ] && break
    sleep 0.1
  done
  if [ ! -e "/tmp/.X11-unix/X$display" ]; then
    echo "Xvfb did not start" >&2
    cat "/tmp/studio-e2e-xvfb-$display.log" >&2
    exit 1
  fi
  export DISPLAY=":$display"
  export WEBDRIVER_URL="http://127.0.0.1:$port"
  DRIVER_LOG="/tmp/studio-e2e-tauri-driver-$port.log"
  : >"$DRIVER_LOG"
}

start_driver() {
  # Extra environment for the app (tauri-driver passes its own on) goes first.
  env "$@" tauri-driver --port "$port" --native-port $((port + 1)) >>"$DRIVER_LOG" 2>&1 &
  DRIVER="$!"
  PIDS+=("$DRIVER")
  for _ in $(seq 1 100); do
    port_free "$port" || return 0
    sleep 0.1
  done
  echo "tauri-driver did not start" >&2
  cat "$DRIVER_LOG" >&2
  exit 1
}

stop_driver() {
  kill "$DRIVER" 2>/dev/null || true
  wait "$DRIVER" 2>/dev/null || true
  for _ in $(seq 1 50); do
    port_free "$port" && return 0
    sleep 0.1
  done
}
