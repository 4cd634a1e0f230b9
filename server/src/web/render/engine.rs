//! One QuickJS runtime holding the server bundle (`web/dist-server/entry-server.js`, issue 22), driven by one render
//! thread. The runtime is the unit of failure: after any failed render (a thrown error, the time limit passed, the
//! memory limit reached) its thread drops it and builds a fresh one, so a bad page never leaves state behind.
//!
//! The bundle is parsed once per process into QuickJS bytecode ([`Bytecode`], issue 39), which each runtime loads.

use rquickjs::{CatchResultExt, Context, Function, Module, Promise, Runtime, WriteOptions};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The app's `console.error` while rendering, logged at most once a minute (issue 34).
static CONSOLE_ERRORS: crate::log::Throttle = crate::log::Throttle::new();
/// The app's `console.warn` while rendering, logged at most once a minute.
static CONSOLE_WARNINGS: crate::log::Throttle = crate::log::Throttle::new();

/// A console line as the log carries it: at most `LOG_URL_MAX_CHARS` × 4 characters (it may quote a URL).
fn cut_console(text: &str) -> std::borrow::Cow<'_, str> {
    crate::domain::text::cut_chars(text, crate::limits::LOG_URL_MAX_CHARS * 4).map_or(text.into(), Into::into)
}

/// Why one render gave no HTML.
#[derive(Debug, Clone, thiserror::Error)]
pub enum EngineError {
    /// The render ran past its time limit and was interrupted.
    #[error("the render passed its time limit of {0:?}")]
    TimedOut(Duration),
    /// The bundle threw, or QuickJS failed (out of memory, stack overflow); the message says which.
    #[error("the render failed: {0}")]
    Failed(String),
    /// The bundle is not a module QuickJS can compile (not JavaScript, or not valid in strict mode).
    #[error("the server bundle does not compile: {0}")]
    Compile(String),
}

/// The module name the bundle is compiled under: what its stack traces name.
const BUNDLE_NAME: &str = "entry-server.js";

/// The server bundle compiled to QuickJS bytecode, once per process, for every runtime to load (issue 39: loading
/// took 73–137 ms where parsing the 2.2 MB bundle took 311–531 ms, and a runtime holds 8.2 MiB instead of 10.2).
///
/// It is compiled as a module, so it runs in strict mode, as the same code runs in browsers (the client build is ES
/// modules). The functions' source text is left out (`Function.prototype.toString` of the bundle's own functions
/// says `[native code]`: the 2 MiB saved a runtime); their line numbers stay, for stack traces.
pub struct Bytecode(Box<[u8]>);

impl Bytecode {
    /// Parses `bundle` in a runtime of its own, with a render's stack limit, and writes its bytecode. Errors:
    /// [`EngineError::Compile`], the bundle is not a valid module (not JavaScript, or not valid in strict mode).
    pub fn compile(bundle: &str) -> Result<Self, EngineError> {
        let began = Instant::now();
        let failed = |err: rquickjs::Error| EngineError::Compile(err.to_string());
        let runtime = Runtime::new().map_err(failed)?;
        runtime.set_max_stack_size(crate::limits::RENDER_STACK_BYTES);
        let context = Context::full(&runtime).map_err(failed)?;
        let bytes = context.with(|ctx| {
            let module = Module::declare(ctx.clone(), BUNDLE_NAME, bundle)
                .catch(&ctx)
                .map_err(|err| EngineError::Compile(err.to_string()))?;
            module.write(WriteOptions { strip_source: true, ..WriteOptions::default() }).map_err(failed)
        })?;
        tracing::debug!(bytes = bytes.len(), ms = began.elapsed().as_millis(), "the server bundle compiled");
        Ok(Bytecode(bytes.into()))
    }
}

/// A QuickJS runtime with the bundle evaluated, ready to render pages one at a time.
pub struct Engine {
    // Field order: the context must go before its runtime.
    context: Context,
    _runtime: Runtime,
    /// When the current render must stop, as ms since `epoch`; `u64::MAX` while idle.
    deadline_ms: Arc<AtomicU64>,
    epoch: Instant,
}

impl Engine {
    /// Builds a runtime limited to `memory_bytes` of JavaScript heap, evaluates the bundle's `bytecode` in it and
    /// checks that it defined `vitrinaRender`. Errors: the bundle does not evaluate (a build that is not the server
    /// bundle).
    pub fn new(bytecode: &Bytecode, memory_bytes: usize) -> Result<Self, EngineError> {
        let began = Instant::now();
        let failed = |err: rquickjs::Error| EngineError::Failed(err.to_string());
        let runtime = Runtime::new().map_err(failed)?;
        runtime.set_memory_limit(memory_bytes);
        runtime.set_max_stack_size(crate::limits::RENDER_STACK_BYTES);
        let epoch = Instant::now();
        let deadline_ms = Arc::new(AtomicU64::new(u64::MAX));
        let deadline = Arc::clone(&deadline_ms);
        runtime.set_interrupt_handler(Some(Box::new(move || {
            u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX) > deadline.load(Ordering::Relaxed)
        })));
        let context = Context::full(&runtime).map_err(failed)?;
        context.with(|ctx| -> Result<(), EngineError> {
            // What the app writes to its console while rendering: a page a client picked can make it write, so
            // errors and warnings are logged at most once a minute each (issue 34).
            let log = Function::new(ctx.clone(), |level: String, text: String| match level.as_str() {
                "error" => {
                    if let Some(repeated) = CONSOLE_ERRORS.admit() {
                        tracing::error!(target: "vitrina::render", repeated, "{}", cut_console(&text));
                    }
                }
                "warn" => {
                    if let Some(repeated) = CONSOLE_WARNINGS.admit() {
                        tracing::warn!(target: "vitrina::render", repeated, "{}", cut_console(&text));
                    }
                }
                _ => tracing::debug!(target: "vitrina::render", "{text}"),
            })
            .map_err(failed)?;
            ctx.globals().set("__vitrinaLog", log).map_err(failed)?;
            let thrown = |err: rquickjs::CaughtError<'_>| EngineError::Failed(err.to_string());
            // SAFETY: `Bytecode` holds only what `Bytecode::compile` wrote with this process's QuickJS, never changed
            // after. QuickJS (quickjs-ng, as rquickjs 0.14 bundles it) copies what it reads, so the runtime does not
            // keep the bytes, and it checks their version and checksum.
            let module = unsafe { Module::load(ctx.clone(), &bytecode.0) }.catch(&ctx).map_err(thrown)?;
            let (_, evaluated) = module.eval().catch(&ctx).map_err(thrown)?;
            evaluated.finish::<()>().catch(&ctx).map_err(thrown)?;
            let _: Function = ctx
                .globals()
                .get("vitrinaRender")
                .map_err(|_| EngineError::Failed("the bundle defines no vitrinaRender".into()))?;
            Ok(())
        })?;
        tracing::debug!(ms = began.elapsed().as_millis(), "a render runtime started");
        Ok(Engine { context, _runtime: runtime, deadline_ms, epoch })
    }

    /// Renders one page: calls `vitrinaRender(input)` and runs the promise's jobs until it settles, within
    /// `limit`. `input` and the answer are JSON (`web/src/ssr/entry-server.tsx`, `RenderInput`/`RenderOutput`).
    pub fn render(&self, input: &str, limit: Duration) -> Result<String, EngineError> {
        let start = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        let limit_ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
        self.deadline_ms.store(start.saturating_add(limit_ms), Ordering::Relaxed);
        let began = Instant::now();
        let result = self.context.with(|ctx| -> Result<String, String> {
            let render: Function = ctx.globals().get("vitrinaRender").map_err(|err| err.to_string())?;
            let promise: Promise = render.call((input,)).catch(&ctx).map_err(|err| err.to_string())?;
            promise.finish::<String>().catch(&ctx).map_err(|err| err.to_string())
        });
        self.deadline_ms.store(u64::MAX, Ordering::Relaxed);
        result.map_err(|message| {
            if began.elapsed() >= limit { EngineError::TimedOut(limit) } else { EngineError::Failed(message) }
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A stand-in for the server bundle with the same entry point: `count` counts its calls in a global (what a
    /// leftover of a failed render would look like), `throw` throws, `loop` never ends, `grow` allocates without end.
    pub(crate) const BUNDLE: &str = r#"
        globalThis.vitrinaRender = async (input) => {
            if (input === 'throw') throw new Error('a broken page');
            if (input === 'loop') for (;;) {}
            if (input === 'grow') { const kept = []; for (;;) kept.push(new Array(1024).fill(kept.length)); }
            globalThis.calls = (globalThis.calls || 0) + 1;
            return String(globalThis.calls);
        };
    "#;

    const MIB: usize = 1024 * 1024;

    /// A runtime of the stand-in bundle's bytecode.
    fn engine(memory_bytes: usize) -> Engine {
        Engine::new(&Bytecode::compile(BUNDLE).unwrap(), memory_bytes).unwrap()
    }

    #[test]
    fn a_runtime_renders_page_after_page() {
        let engine = engine(16 * MIB);
        assert_eq!(engine.render("count", Duration::from_secs(5)).unwrap(), "1");
        assert_eq!(engine.render("count", Duration::from_secs(5)).unwrap(), "2");
    }

    #[test]
    fn a_thrown_error_is_a_failure_with_its_message() {
        let engine = engine(16 * MIB);
        let err = engine.render("throw", Duration::from_secs(5)).unwrap_err();
        assert!(matches!(&err, EngineError::Failed(message) if message.contains("a broken page")), "{err}");
    }

    #[test]
    fn an_endless_render_is_interrupted_at_its_limit() {
        let engine = engine(16 * MIB);
        let err = engine.render("loop", Duration::from_millis(50)).unwrap_err();
        assert!(matches!(err, EngineError::TimedOut(_)), "{err}");
    }

    #[test]
    fn a_render_that_outgrows_the_memory_limit_fails() {
        let engine = engine(8 * MIB);
        let err = engine.render("grow", Duration::from_secs(30)).unwrap_err();
        assert!(matches!(&err, EngineError::Failed(_)), "{err}");
    }

    #[test]
    fn a_bundle_without_the_entry_point_does_not_start() {
        assert!(Engine::new(&Bytecode::compile("globalThis.other = 1;").unwrap(), 8 * MIB).is_err());
        let err = Bytecode::compile("this is not JavaScript").err().unwrap();
        // The message says where, in the bundle's name.
        assert!(matches!(&err, EngineError::Compile(message) if message.contains("entry-server.js:1")), "{err}");
    }

    #[test]
    fn every_runtime_of_one_bytecode_starts_afresh() {
        let bytecode = Bytecode::compile(BUNDLE).unwrap();
        let (first, second) = (Engine::new(&bytecode, 8 * MIB).unwrap(), Engine::new(&bytecode, 8 * MIB).unwrap());
        assert_eq!(first.render("count", Duration::from_secs(5)).unwrap(), "1");
        assert_eq!(first.render("count", Duration::from_secs(5)).unwrap(), "2");
        drop(first);
        assert_eq!(second.render("count", Duration::from_secs(5)).unwrap(), "1");
    }
}
