//! The computer thinks in a Web Worker (`worker.js`, which instantiates
//! this same module, compiled once by the page, and calls `think`), so the page goes on drawing and taking taps
//! meanwhile. Questions go to it as text, one at a time in the order asked,
//! and its answers come back in that order. A worker that cannot start or
//! fails has its questions, and every later one, answered on the page.

use flagfall::ai::{Question, ThinkElsewhere, read_answer};
use flagfall::core::Action;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::mpsc::Sender;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The questions asked and not yet answered, oldest first.
type Waiting = Rc<RefCell<VecDeque<(Question, Sender<Option<Action>>)>>>;

pub struct ComputerWorker {
    /// None once the worker failed: the page thinks from then on.
    worker: RefCell<Option<web_sys::Worker>>,
    waiting: Waiting,
    // Kept alive as long as the worker may call them.
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl ComputerWorker {
    /// Starts the worker at `script` (beside the page), so that it has
    /// loaded the module before the computer's first turn.
    pub fn start(script: &str) -> Result<Rc<ComputerWorker>, wasm_bindgen::JsValue> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(script, &options)?;
        // The module the page compiled (index.html), so that the worker
        // does not fetch and compile it again.
        let module = js_sys::Reflect::get(&js_sys::global(), &"flagfallModule".into())?;
        if module.is_instance_of::<js_sys::WebAssembly::Module>() {
            worker.post_message(&module)?;
        }
        let waiting: Waiting = Rc::default();
        let answered = Rc::clone(&waiting);
        let on_message = Closure::<dyn FnMut(_)>::new(move |event: web_sys::MessageEvent| {
            let answer = event.data().as_string().and_then(|text| read_answer(&text));
            if let Some((_, sender)) = answered.borrow_mut().pop_front() {
                let _ = sender.send(answer);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let this = Rc::new_cyclic(|me: &std::rc::Weak<ComputerWorker>| {
            let me = me.clone();
            let on_error = Closure::<dyn FnMut(_)>::new(move |_event: web_sys::Event| {
                if let Some(me) = me.upgrade() {
                    me.fail();
                }
            });
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            ComputerWorker {
                worker: RefCell::new(Some(worker)),
                waiting,
                _on_message: on_message,
                _on_error: on_error,
            }
        });
        Ok(this)
    }

    /// The worker failed (it could not load, or it stopped): its questions
    /// are answered here, and so is every later one.
    fn fail(&self) {
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.terminate();
            crate::web_log("the computer's worker failed: the computer thinks on the page");
        }
        let waiting: Vec<_> = self.waiting.borrow_mut().drain(..).collect();
        for (question, sender) in waiting {
            let _ = sender.send(question.answer());
        }
    }
}

impl ThinkElsewhere for ComputerWorker {
    fn think(&self, question: Question, answer: Sender<Option<Action>>) {
        let posted = match self.worker.borrow().as_ref() {
            Some(worker) => worker
                .post_message(&question.to_text().into())
                .map_err(|_| ()),
            None => Err(()),
        };
        match posted {
            Ok(()) => self.waiting.borrow_mut().push_back((question, answer)),
            Err(()) => {
                let _ = answer.send(question.answer());
            }
        }
    }
}
