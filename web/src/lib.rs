//! The web player's engine: the play crate behind three exported functions, for a
//! page's script to call (`ui/src/web/engine.ts`).
//!
//! Every value crosses as JSON text in the module's memory: the script asks
//! `alloc(len)` for room, writes a request `{ "op": NAME, ...arguments }` there
//! and calls `call(ptr, len)`, which frees the request and returns where the reply
//! is; `reply_len()` says how long it is. A reply is `{"ok": VALUE}` or
//! `{"error": {"message": TEXT, "error": {"kind": KIND, ...}}}`, the shape of the
//! studio's command errors, so the same play code shows both. The reply stays
//! valid until the next call. JSON keeps the interface to three functions with no
//! generated glue: the engine's types already serialize, and a page makes a few
//! calls a second at most.
//!
//! The open page (its payload's rules and the level it opened) is kept between
//! calls; `open` replaces it.

// The golden files' texts (one copy with tests/golden.rs and tests/wasm/), so the
// browser test can check the page's engine against tests/golden/.
#[path = "../../tests/golden_texts/mod.rs"]
#[allow(dead_code)] // the lists of names serve the other two builds
mod golden_texts;
mod ops;

use std::cell::RefCell;

thread_local! {
    static REPLY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for a request of `len` bytes (freed by [`call`]).
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Answers the request of `len` bytes at `ptr` (from [`alloc`], freed here) and
/// returns where its reply is ([`reply_len`] bytes).
///
/// # Safety
/// `ptr` must come from `alloc(len)` with `len` bytes written, and not be used again.
#[no_mangle]
pub unsafe extern "C" fn call(ptr: *mut u8, len: usize) -> *const u8 {
    // SAFETY: the caller's contract above: alloc(len) made this buffer.
    let request = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let reply = ops::answer(&request);
    REPLY.with(|r| {
        *r.borrow_mut() = reply.into_bytes();
        r.borrow().as_ptr()
    })
}

/// The length of the last reply.
#[no_mangle]
pub extern "C" fn reply_len() -> usize {
    REPLY.with(|r| r.borrow().len())
}
