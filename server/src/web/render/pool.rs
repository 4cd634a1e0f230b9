//! The render threads (issue 22): a fixed number of threads, each owning one [`Engine`], fed from one bounded queue.
//! A page that finds the queue full is not rendered (its visitor gets the client-rendered shell at once): a burst of
//! uncached pages costs at most `threads × memory limit` of JavaScript heap, never more.

use super::engine::{Bytecode, Engine, EngineError};
use crate::state::RenderStats;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::oneshot;

/// Why a page was not rendered; each is answered with the client-rendered shell.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// Every render thread is busy and the queue is full.
    #[error("every render thread is busy")]
    Busy,
    /// The binary carries no server bundle (built before the front-end), or it does not evaluate.
    #[error("no server bundle: {0}")]
    NoBundle(String),
    /// The render failed or passed its limit.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

fn count(stats: &RenderStats, result: &Result<String, RenderError>) {
    // A render interrupted at its limit failed: the visitor's budget is counted by the page renderer.
    let counter = match result {
        Ok(_) => &stats.rendered,
        Err(RenderError::Busy) => &stats.busy,
        Err(_) => &stats.failed,
    };
    RenderStats::bump(counter);
}

struct Job {
    input: String,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

/// How the pool is sized and bounded.
#[derive(Debug, Clone, Copy)]
pub struct PoolSettings {
    /// Render threads, each with its own runtime.
    pub threads: usize,
    /// Pages waiting for a thread at most; past it a page is [`RenderError::Busy`].
    pub queue: usize,
    /// JavaScript heap of one runtime at most, bytes.
    pub memory_bytes: usize,
    /// Time one render may run before it is interrupted (the engine's limit, not the visitor's budget).
    pub limit: Duration,
}

/// The render threads and their queue. Cheap to clone.
#[derive(Clone)]
pub struct RenderPool {
    jobs: crossbeam_channel::Sender<Job>,
    stats: Arc<RenderStats>,
}

impl RenderPool {
    /// Starts `settings.threads` render threads running `bundle` (the server bundle's source), counting into `stats`.
    /// Each builds its runtime at once, so the first pages do not pay for it: the first thread to start compiles the
    /// bundle to bytecode, and every runtime loads that.
    pub fn start(bundle: Arc<str>, settings: PoolSettings, stats: Arc<RenderStats>) -> Self {
        let (jobs, queue) = crossbeam_channel::bounded::<Job>(settings.queue);
        let compiled = Arc::new(OnceLock::new());
        for n in 0..settings.threads.max(1) {
            let queue = queue.clone();
            let (bundle, compiled, stats) = (Arc::clone(&bundle), Arc::clone(&compiled), Arc::clone(&stats));
            std::thread::Builder::new()
                .name(format!("vitrina-render-{n}"))
                .stack_size(crate::limits::RENDER_THREAD_STACK_BYTES)
                .spawn(move || {
                    let bytecode = compiled.get_or_init(|| Bytecode::compile(&bundle));
                    // Only the compile needs the source: its 2.2 MB are not kept for the thread's life.
                    drop(bundle);
                    render_thread(bytecode, &queue, settings, &stats)
                })
                .expect("spawn a render thread");
        }
        RenderPool { jobs, stats }
    }

    /// Renders `input` (a `RenderInput` as JSON) to a `RenderOutput` as JSON, or says why not. Counted in the
    /// [`RenderStats`] the pool was started with.
    pub async fn render(&self, input: String) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        let result = match self.jobs.try_send(Job { input, reply }) {
            Err(_) => Err(RenderError::Busy),
            Ok(()) => answer.await.unwrap_or_else(|_| Err(RenderError::NoBundle("the render thread stopped".into()))),
        };
        count(&self.stats, &result);
        result
    }
}

fn render_thread(
    bytecode: &Result<Bytecode, EngineError>,
    queue: &crossbeam_channel::Receiver<Job>,
    settings: PoolSettings,
    stats: &RenderStats,
) {
    let build = || {
        let engine = match bytecode {
            Ok(bytecode) => Engine::new(bytecode, settings.memory_bytes),
            Err(err) => Err(err.clone()),
        };
        if engine.is_ok() {
            RenderStats::bump(&stats.runtimes);
        }
        engine
    };
    let mut engine = match build() {
        Ok(engine) => engine,
        Err(err) => {
            // The bundle is part of the binary: what does not start now never will. Every page gets the shell, and
            // readiness stops waiting for a runtime.
            stats.enabled.store(false, std::sync::atomic::Ordering::Relaxed);
            tracing::error!(%err, "the server bundle does not start: pages are rendered in the browser");
            for job in queue {
                let _ = job.reply.send(Err(RenderError::NoBundle(err.to_string())));
            }
            return;
        }
    };
    for job in queue {
        let result = engine.render(&job.input, settings.limit).map_err(RenderError::from);
        let failed = result.is_err();
        // The page may have stopped waiting (its visitor left): nothing to do then.
        let _ = job.reply.send(result);
        if failed {
            // A failed render may have left anything behind in its runtime: the next page gets a new one, built now
            // rather than on that page's time.
            match build() {
                Ok(fresh) => engine = fresh,
                Err(err) => tracing::error!(%err, "a render runtime did not restart: keeping the old one"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(stats: &Arc<RenderStats>) -> RenderPool {
        let settings =
            PoolSettings { threads: 1, queue: 4, memory_bytes: 16 * 1024 * 1024, limit: Duration::from_millis(200) };
        RenderPool::start(Arc::from(super::super::engine::tests::BUNDLE), settings, Arc::clone(stats))
    }

    #[tokio::test]
    async fn after_a_failed_render_the_next_page_gets_a_fresh_runtime() {
        let stats = Arc::new(RenderStats::default());
        let pool = pool(&stats);
        assert_eq!(pool.render("count".into()).await.unwrap(), "1");
        assert_eq!(pool.render("count".into()).await.unwrap(), "2");
        for broken in ["throw", "loop"] {
            assert!(pool.render(broken.into()).await.is_err(), "{broken}");
            // The one thread's runtime was rebuilt: nothing the pages before left in it is there.
            assert_eq!(pool.render("count".into()).await.unwrap(), "1", "after {broken}");
        }
        assert_eq!((RenderStats::read(&stats.rendered), RenderStats::read(&stats.failed)), (4, 2));
        // The thread's first runtime and the two that replaced the broken ones.
        assert_eq!(RenderStats::read(&stats.runtimes), 3);
    }

    #[tokio::test]
    async fn a_bundle_that_does_not_compile_turns_rendering_off_and_settles_readiness() {
        let stats = Arc::new(RenderStats::default());
        stats.enabled.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(!stats.settled(), "rendering on and no runtime yet");
        let settings =
            PoolSettings { threads: 2, queue: 4, memory_bytes: 16 * 1024 * 1024, limit: Duration::from_millis(200) };
        let pool = RenderPool::start(Arc::from("export const render = ;"), settings, Arc::clone(&stats));
        assert!(matches!(pool.render("count".into()).await, Err(RenderError::NoBundle(_))));
        assert!(stats.settled(), "a bundle that never starts must not hold readiness back");
        assert!(!stats.enabled.load(std::sync::atomic::Ordering::Relaxed));
        assert_eq!(RenderStats::read(&stats.runtimes), 0);
    }
}
