/*
 * Waits until a top-level window whose title contains TITLE is mapped on the X display, then prints the wall-clock
 * times (nanoseconds since the epoch) of the first top-level window mapped and of that window, and exits.
 *   wait-mapped TITLE TIMEOUT_SECONDS
 * Prints "ready" once it listens, so the caller starts the program under test only after that.
 * Exit: 0 found, 1 timeout, 2 usage or no display.
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The window's _NET_WM_NAME (UTF-8), else WM_NAME; the caller frees it with XFree. NULL when it has none. */
static char *title_of(Display *dpy, Window w) {
    Atom net_wm_name = XInternAtom(dpy, "_NET_WM_NAME", False);
    Atom utf8 = XInternAtom(dpy, "UTF8_STRING", False);
    Atom type;
    int format;
    unsigned long items, after;
    unsigned char *data = NULL;
    if (XGetWindowProperty(dpy, w, net_wm_name, 0, 1024, False, utf8, &type, &format, &items, &after, &data) == Success
            && data != NULL && items > 0) {
        return (char *) data;
    }
    if (data != NULL) {
        XFree(data);
    }
    char *name = NULL;
    if (XFetchName(dpy, w, &name) && name != NULL) {
        return name;
    }
    return NULL;
}

static int matches(Display *dpy, Window w, const char *wanted) {
    char *title = title_of(dpy, w);
    int found = title != NULL && strstr(title, wanted) != NULL;
    if (title != NULL) {
        XFree(title);
    }
    return found;
}

static int ignore_errors(Display *dpy, XErrorEvent *e) {
    (void) dpy;
    (void) e;
    return 0; /* a window may be gone before its title is read */
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: wait-mapped TITLE TIMEOUT_SECONDS\n");
        return 2;
    }
    const char *wanted = argv[1];
    long long deadline = now_ns() + atoll(argv[2]) * 1000000000LL;
    Display *dpy = XOpenDisplay(NULL);
    if (dpy == NULL) {
        fprintf(stderr, "wait-mapped: cannot open display %s\n", getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
        return 2;
    }
    XSetErrorHandler(ignore_errors);
    Window root = DefaultRootWindow(dpy);
    XSelectInput(dpy, root, SubstructureNotifyMask);
    XSync(dpy, False);
    printf("ready\n");
    fflush(stdout);

    long long first_map = 0;
    struct pollfd pfd = { .fd = ConnectionNumber(dpy), .events = POLLIN };
    while (now_ns() < deadline) {
        while (XPending(dpy) > 0) {
            XEvent ev;
            XNextEvent(dpy, &ev);
            Window w = 0;
            if (ev.type == MapNotify && ev.xmap.event == root) {
                w = ev.xmap.window;
                if (first_map == 0) {
                    first_map = now_ns();
                }
                /* the title may arrive after the map */
                XSelectInput(dpy, w, PropertyChangeMask);
            } else if (ev.type == PropertyNotify) {
                w = ev.xproperty.window;
            }
            if (w != 0 && matches(dpy, w, wanted)) {
                printf("first-window %lld\nwindow %lld\n", first_map, now_ns());
                return 0;
            }
        }
        poll(&pfd, 1, 50);
    }
    fprintf(stderr, "wait-mapped: no window titled *%s* within %s s\n", wanted, argv[2]);
    return 1;
}
