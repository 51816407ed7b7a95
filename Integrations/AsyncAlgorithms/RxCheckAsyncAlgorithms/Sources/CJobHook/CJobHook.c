// See include/CJobHook.h. The declarations below match the runtime's own
// (include/swift/Runtime/ConcurrencyHooks.def): a job pointer and the runtime's original
// enqueue, both with the Swift calling convention.
#include "CJobHook.h"
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#if __has_attribute(swiftcall)
#define RXCHECK_SWIFTCC __attribute__((swiftcall))
#else
#define RXCHECK_SWIFTCC
#endif

typedef struct RxCheckJob RxCheckJob;
typedef RXCHECK_SWIFTCC void (*RxCheckEnqueueOriginal)(RxCheckJob *_Nonnull job);
typedef RXCHECK_SWIFTCC void (*RxCheckEnqueueHook)(RxCheckJob *_Nonnull job, RxCheckEnqueueOriginal _Nonnull original);

extern RxCheckEnqueueHook _Nullable swift_task_enqueueGlobal_hook;

/// The runtime's `SerialExecutorRef`: the generic executor is the null identity.
typedef struct {
    const void *_Nullable identity;
    uintptr_t implementation;
} RxCheckSerialExecutorRef;

extern RXCHECK_SWIFTCC void swift_job_run(RxCheckJob *_Nonnull job, RxCheckSerialExecutorRef executor);

static _Atomic(RxCheckJobCapture) capture_function = NULL;
static RxCheckEnqueueHook previous_hook = NULL;
static atomic_flag install_lock = ATOMIC_FLAG_INIT;

static RXCHECK_SWIFTCC void rxcheck_enqueue(RxCheckJob *_Nonnull job, RxCheckEnqueueOriginal _Nonnull original) {
    RxCheckJobCapture capture = atomic_load(&capture_function);
    if (capture != NULL && capture(job)) return;
    if (previous_hook != NULL) {
        previous_hook(job, original);
    } else {
        original(job);
    }
}

void rxcheck_install_job_hook(RxCheckJobCapture _Nonnull capture) {
    while (atomic_flag_test_and_set(&install_lock)) {}
    atomic_store(&capture_function, capture);
    if (swift_task_enqueueGlobal_hook != rxcheck_enqueue) {
        previous_hook = swift_task_enqueueGlobal_hook;
        swift_task_enqueueGlobal_hook = rxcheck_enqueue;
    }
    atomic_flag_clear(&install_lock);
}

bool rxcheck_job_hook_installed(void) {
    return swift_task_enqueueGlobal_hook == rxcheck_enqueue;
}

void rxcheck_run_job(void *_Nonnull job) {
    RxCheckSerialExecutorRef generic = { NULL, 0 };
    swift_job_run((RxCheckJob *)job, generic);
}
