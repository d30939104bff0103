#ifndef FLOWNAV_CEDITLINESHIM_H
#define FLOWNAV_CEDITLINESHIM_H

// Non-variadic wrappers: Swift cannot call libedit's variadic el_set/el_get/history,
// and Swift 6 rejects the C globals stdin/stdout/stderr as not concurrency-safe.

#include <stdio.h>
#include <histedit.h>

typedef char *_Nullable (*flownav_prompt_fn)(EditLine *_Nullable);
typedef unsigned char (*flownav_editor_fn)(EditLine *_Nullable, int);

#pragma clang assume_nonnull begin

EditLine *_Nullable flownav_el_init(const char *program);

/// `literal` brackets prompt bytes (terminal escapes) that take no columns.
int flownav_el_set_prompt(EditLine *el, flownav_prompt_fn fn, char literal);
/// A static empty string, for a prompt callback that has nothing to show: libedit
/// dereferences the prompt pointer, so it must never be NULL.
char *flownav_empty_prompt(void);
int flownav_el_set_editor(EditLine *el, const char *mode);
int flownav_el_set_signal(EditLine *el, int on);
int flownav_el_set_hist(EditLine *el, History *history);
int flownav_el_set_clientdata(EditLine *el, void *_Nullable data);
void *_Nullable flownav_el_get_clientdata(EditLine *el);
int flownav_el_addfn(EditLine *el, const char *name, const char *help, flownav_editor_fn fn);
int flownav_el_bind(EditLine *el, const char *key, const char *command);
/// Terminal width in columns as libedit sees it, or 0 if unknown.
int flownav_el_columns(EditLine *el);

int flownav_history_setsize(History *history, int size);
int flownav_history_setunique(History *history, int on);
int flownav_history_enter(History *history, const char *line);
int flownav_history_load(History *history, const char *path);
int flownav_history_save(History *history, const char *path);

int flownav_stdin_is_tty(void);
int flownav_stdout_is_tty(void);

/// setlocale(LC_CTYPE, ""), falling back to C.UTF-8 when that yields the C locale.
/// Without a UTF-8 LC_CTYPE libedit silently drops non-ASCII input.
void flownav_setlocale_ctype(void);

/// Installs a SIGINT handler without SA_RESTART, so Ctrl-C makes a blocked el_gets fail with
/// EINTR instead of killing the process (libedit re-raises SIGINT to the previous handler).
void flownav_install_sigint(void);
/// Returns 1 if SIGINT arrived since the last call, and clears the flag.
int flownav_sigint_take(void);

/// SIGTERM and SIGHUP end the shell as quitting does: a handler records the signal (the read
/// in progress fails with EINTR, or sees end of file if it was about to block) unless the
/// signal is ignored (nohup). Both are unblocked: a parent may start flownav with them
/// blocked, and then they would do nothing.
void flownav_install_termination(void);

/// The terminating signal received (SIGTERM or SIGHUP), or 0.
int flownav_termination_signal(void);

/// The handler also puts /dev/null in standard input's place, so a read about to block ends at
/// once; this puts the terminal back once a signal came (else it does nothing), for libedit to
/// restore the terminal's mode when the editor ends.
void flownav_restore_input(void);

/// Unblocks the signals that end a process (SIGINT, SIGTERM, SIGHUP, SIGQUIT): a parent's
/// thread may have them blocked (libdispatch's worker threads do), and a child inherits that.
void flownav_unblock_termination(void);

/// wcwidth(3) for one Unicode scalar (Swift's Glibc module does not export wcwidth).
/// -1 for non-printable characters or ones the current LC_CTYPE cannot classify.
int flownav_wcwidth(unsigned int scalar);

/// Writes through the same FILE as libedit (standard output, or the terminal when standard
/// output is piped), so output ordering matches the editor's.
void flownav_write_stdout(const char *text);

#pragma clang assume_nonnull end

#endif
