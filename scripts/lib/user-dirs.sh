# Shared by scripts/test.sh and scripts/e2e.sh (source it, do not run it): the
# end-to-end run with the user's directories pointed at fresh empty ones, and the
# check that the run wrote nothing into them. Every studio the suite starts has a
# --profile (e2e/src/lib.rs gives each launch a temporary one), so its catalog,
# draft, view settings and WebKit's storage and cache all go there; without one
# Tauri and WebKit would write $XDG_DATA_HOME/dev.contraption.studio/ (the catalog,
# WebKitCache/, CacheStorage/, storage/, mediakeys/, hsts-storage.sqlite).
#   isolate_user_dirs   makes the empty directories; sets USER_DIRS_ENV, the
#                       XDG_DATA_HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME and
#                       XDG_STATE_HOME settings to hand to start_driver and to the
#                       test run (`env "${USER_DIRS_ENV[@]}" cargo test ...`)
#   check_user_dirs     exits 1, listing what is there, when anything but the
#                       graphics libraries' own caches (LIBRARY_CACHES) was
#                       written into them; removes them when nothing was

# What the system's libraries write under $XDG_CACHE_HOME for any program that
# draws, named by the library rather than the app and holding none of its data:
# Mesa's shader cache (WebKit's GL under llvmpipe) and dconf's copy of the
# settings database (GTK reading GSettings). Seen in a run of the suite with
# every launch in a profile; nothing else appears.
LIBRARY_CACHES=(cache/mesa_shader_cache cache/dconf)

isolate_user_dirs() {
  USER_DIRS_ROOT="$(mktemp -d "${TMPDIR:-/tmp}/contraption-e2e-user-dirs.XXXXXX")"
  USER_DIRS_ENV=()
  local name var
  for name in data cache config state; do
    mkdir "$USER_DIRS_ROOT/$name"
    var="XDG_$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')_HOME"
    USER_DIRS_ENV+=("$var=$USER_DIRS_ROOT/$name")
  done
}

check_user_dirs() {
  local found prune=() lib
  for lib in "${LIBRARY_CACHES[@]}"; do
    prune+=(-path "$USER_DIRS_ROOT/$lib" -prune -o)
  done
  found="$(find "$USER_DIRS_ROOT" -mindepth 2 "${prune[@]}" -print | sort)"
  if [ -n "$found" ]; then
    echo "The end-to-end run wrote into the user's directories (XDG_*_HOME under $USER_DIRS_ROOT):" >&2
    printf '%s\n' "$found" | sed "s|^$USER_DIRS_ROOT/|  |" | head -n 40 >&2
    echo "Every studio the tests start must have a --profile (Studio::launch_with gives one)." >&2
    exit 1
  fi
  rm -rf "$USER_DIRS_ROOT"
  echo "nothing of the app's in the user's directories (XDG data, cache, config, state)"
}
