//! A reusable move buffer per thread and move type: [`super::WithSwap`] lists its game's moves
//! into it before wrapping them, so that move generation under the swap rule allocates nothing
//! once each thread has listed one position.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static BUFFERS: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
}

/// Runs `f` with this thread's empty buffer of `M`s, kept for the next call.
pub(super) fn with_scratch<M: 'static, R>(f: impl FnOnce(&mut Vec<M>) -> R) -> R {
    let mut buffer: Vec<M> = BUFFERS
        .with(|b| {
            b.borrow_mut()
                .get_mut(&TypeId::of::<M>())
                .and_then(|slot| slot.downcast_mut::<Vec<M>>())
                .map(std::mem::take)
        })
        .unwrap_or_default();
    buffer.clear();
    let result = f(&mut buffer);
    BUFFERS.with(|b| {
        let mut buffers = b.borrow_mut();
        match buffers
            .get_mut(&TypeId::of::<M>())
            .and_then(|slot| slot.downcast_mut::<Vec<M>>())
        {
            Some(slot) => *slot = buffer,
            None => {
                buffers.insert(TypeId::of::<M>(), Box::new(buffer));
            }
        }
    });
    result
}
