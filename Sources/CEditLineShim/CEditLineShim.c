// wcwidth is an X/Open extension that glibc hides by default.
#define _GNU_SOURCE
#include "CEditLineShim.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

// Where the prompt, the line being edited and completion lists go: standard output on a
// terminal; the terminal itself when standard output is piped (`flownav FLOW | tee log`), since
// libedit turns editing off unless its output is a terminal. Command output still goes to
// standard output.
static FILE *flownav_editor_out;

EditLine *flownav_el_init(const char *program) {
    flownav_editor_out = stdout;
    if (!isatty(STDOUT_FILENO)) {
        FILE *tty = fopen("/dev/tty", "w");
        if (tty != NULL) flownav_editor_out = tty;
    }
    return el_init(program, stdin, flownav_editor_out, stderr);
}

int flownav_el_set_prompt(EditLine *el, flownav_prompt_fn fn, char literal) {
    return el_set(el, EL_PROMPT_ESC, fn, literal);
}

char *flownav_empty_prompt(void) {
    static char empty[1] = "";
    return empty;
}

int flownav_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
int flownav_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
int flownav_el_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
int flownav_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

void *flownav_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

int flownav_el_addfn(EditLine *el, const char *name, const char *help, flownav_editor_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

int flownav_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}

int flownav_el_columns(EditLine *el) {
    int columns = 0;
    if (el_get(el, EL_GETTC, "co", &columns) != 0) return 0;
    return columns;
}

int flownav_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

int flownav_history_setunique(History *h, int on) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, on);
}

int flownav_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

int flownav_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

int flownav_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

int flownav_stdin_is_tty(void) { return isatty(STDIN_FILENO); }
int flownav_stdout_is_tty(void) { return isatty(STDOUT_FILENO); }

void flownav_setlocale_ctype(void) {
    const char *name = setlocale(LC_CTYPE, "");
    // An unset or uninstalled LANG leaves the C locale, in which libedit drops every non-ASCII
    // byte. Coerce to C.UTF-8 then, as Python does (PEP 538): terminals today speak UTF-8.
    if (name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0) {
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) (void)setlocale(LC_CTYPE, "C.utf8");
    }
}

static volatile sig_atomic_t flownav_sigint_flag;

static void flownav_on_sigint(int signo) {
    (void)signo;
    flownav_sigint_flag = 1;
}

void flownav_install_sigint(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = flownav_on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: the pending read must fail with EINTR
    sigaction(SIGINT, &action, NULL);
    // A parent may start us with SIGINT blocked (a test runner's worker thread does); then
    // Ctrl-C would never reach the handler and would silently do nothing.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int flownav_sigint_take(void) {
    int was = flownav_sigint_flag;
    flownav_sigint_flag = 0;
    return was;
}

static volatile sig_atomic_t flownav_termination;
// Standard input as it was, and /dev/null, both opened before any signal can arrive.
static int flownav_saved_input = -1;
static int flownav_null_input = -1;

// Setting a flag alone leaves a window: a signal that lands after libedit has drawn the prompt
// but before its read() blocks is handled and forgotten, and the read then waits for a key
// (seen in CI under load). Putting /dev/null in standard input's place closes it: that read,
// or the one libedit retries after EINTR, returns end of file at once.
static void flownav_on_termination(int signo) {
    int saved_errno = errno;
    flownav_termination = signo;
    if (flownav_null_input >= 0) (void)dup2(flownav_null_input, STDIN_FILENO);
    errno = saved_errno;
}

void flownav_restore_input(void) {
    if (flownav_termination != 0 && flownav_saved_input >= 0) (void)dup2(flownav_saved_input, STDIN_FILENO);
}

void flownav_unblock_termination(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGQUIT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

void flownav_install_termination(void) {
    if (flownav_saved_input < 0) flownav_saved_input = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    if (flownav_null_input < 0) flownav_null_input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    int signals[] = { SIGTERM, SIGHUP };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = flownav_on_termination;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0; // no SA_RESTART: the pending read must fail with EINTR
        sigaction(signals[i], &action, NULL);
    }
    flownav_unblock_termination();
}

int flownav_termination_signal(void) { return flownav_termination; }

void flownav_write_stdout(const char *text) {
    FILE *out = flownav_editor_out != NULL ? flownav_editor_out : stdout;
    fputs(text, out);
    fflush(out);
}

int flownav_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }
