# Shell helpers shared by releng/run-workbench and releng/run-tests. Source it; do not run it.

WQLAB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
WQLAB_PRODUCT="$WQLAB_ROOT/releng/org.wqlab.product/target/products/org.wqlab.product/linux/gtk/x86_64/wqlab"
WQLAB_LAUNCHER_SOURCE="$WQLAB_ROOT/features/org.wqlab.launcher.feature/rootfiles/wqlab"

wqlab_log() {
    echo "[wqlab] $*" >&2
}

wqlab_die() {
    echo "[wqlab] error: $*" >&2
    exit 1
}

# Installs the Debian packages given when any is missing: as root with apt-get, otherwise fails naming them.
wqlab_ensure_packages() {
    local missing=()
    local pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        wqlab_die "missing system packages: ${missing[*]}; install them with: sudo apt-get install ${missing[*]}"
    fi
    wqlab_log "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null ||
        wqlab_die "apt-get update failed"
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
        wqlab_die "apt-get install ${missing[*]} failed"
}

# Exports JAVA_HOME as a JDK 21+ (the launcher script owns the search, so there is one place for it).
wqlab_use_java() {
    local home
    home=$(sh "$WQLAB_LAUNCHER_SOURCE" --print-java-home) || exit 1
    export JAVA_HOME="$home"
    export PATH="$JAVA_HOME/bin:$PATH"
}

# wqlab_on_exit CMD: runs CMD (with eval) when this shell exits, after the commands added before it.
WQLAB_EXIT_COMMANDS=()
wqlab_on_exit() {
    WQLAB_EXIT_COMMANDS+=("$1")
    trap 'for wqlab_exit_command in "${WQLAB_EXIT_COMMANDS[@]}"; do eval "$wqlab_exit_command"; done' EXIT
}

# Starts Xvfb on a free display and exports DISPLAY; the server stops when this shell exits.
wqlab_start_xvfb() {
    wqlab_ensure_packages xvfb xauth
    local display
    for display in $(seq 90 140); do
        [ -e "/tmp/.X$display-lock" ] && continue
        Xvfb ":$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
        WQLAB_XVFB_PID=$!
        local tries
        for tries in $(seq 1 100); do
            if [ -e "/tmp/.X11-unix/X$display" ]; then
                export DISPLAY=":$display"
                wqlab_on_exit 'kill "$WQLAB_XVFB_PID" 2>/dev/null'
                wqlab_log "virtual display $DISPLAY (Xvfb pid $WQLAB_XVFB_PID)"
                return 0
            fi
            kill -0 "$WQLAB_XVFB_PID" 2>/dev/null || break
            sleep 0.1
        done
    done
    wqlab_die "could not start Xvfb"
}
