// The one runtime entry point RxCheck's seeded executor relies on: the Swift concurrency
// runtime's global-enqueue hook (`swift_task_enqueueGlobal_hook`, exported by
// libswift_Concurrency since Swift 5.5 and used by swift-async-algorithms' own validation
// tests), and `swift_job_run`, with which the runtime's own executors run a job. Every job bound for the global concurrent executor — a new task, a child task, a
// resumed continuation, a yield — passes through it. The hook below hands each job to a
// capture function first; a job it does not take goes on to the runtime as usual.
#ifndef RXCHECK_JOB_HOOK_H
#define RXCHECK_JOB_HOOK_H

#include <stdbool.h>

/// Takes a job (an opaque `Job *`) and answers whether it was taken.
///
/// Not every job passes here: since Swift 6.2, `Task.yield()` and `Task.sleep` enqueue on
/// `Task.currentExecutor` — the default executor, written in Swift — which does not call the
/// hook. Code under test that uses them escapes to the real global executor (the harness
/// notices, see `SeededExecutor.escapes`).
typedef bool (*RxCheckJobCapture)(void *_Nonnull job);

/// Installs the hook once per process (idempotent) and routes every later global enqueue
/// through `capture`. Thread-safe to call from any thread.
void rxcheck_install_job_hook(RxCheckJobCapture _Nonnull capture);

/// Runs `job` on the calling thread as a thread of the global concurrent executor runs it: on
/// the generic executor, with no task executor — so the job's task hops nowhere it would not
/// hop on the global executor.
void rxcheck_run_job(void *_Nonnull job);

/// Whether the hook is the one in place (another library may have replaced it since).
bool rxcheck_job_hook_installed(void);

#endif
