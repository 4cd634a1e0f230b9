//! Serves the router over HTTP/1.1 with the connection limits of issue 20: a time-out for a request's head (which
//! also closes kept-alive connections that stay silent), a time-out for a write that makes no progress, a cap on the
//! connections served at once that fits the open-file limit, and a graceful shutdown.
//!
//! `axum::serve` offers none of these: a socket that never sent a byte stayed open for good, so 1,100 of them under
//! `ulimit -n 1024` left the shop refusing every new visitor (`Too many open files`), and a request whose head never
//! ended (curl 7.88 sends such a head when a cookie would make it longer than 8 KiB) was never answered (item 13).
//! The HTTP work is hyper's; this module only wires its time-outs, counts connections and stops cleanly.

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The connection limits: how long a connection may idle, and how many may be served at once.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// Longest wait for a request's head, and longest write without progress.
    pub idle_timeout: Duration,
    /// Connections served at once.
    pub max_connections: usize,
}

impl ConnectionLimits {
    /// The limits asked for, with the cap lowered to what the process's open-file limit allows: the soft limit is
    /// first raised towards the hard one (as Go and nginx do), then [`crate::limits::FILE_DESCRIPTORS_RESERVED`]
    /// are kept for everything but connections. Never below [`crate::limits::CONNECTIONS_MIN`].
    pub fn fitted(idle_timeout: Duration, max_connections: u64) -> Self {
        use crate::limits::{CONNECTIONS_MIN, FILE_DESCRIPTORS_RESERVED};
        let wanted = max_connections.saturating_add(FILE_DESCRIPTORS_RESERVED);
        let max_connections = match rlimit::increase_nofile_limit(wanted) {
            Ok(files) if files < wanted => {
                let fitted = files.saturating_sub(FILE_DESCRIPTORS_RESERVED).max(CONNECTIONS_MIN);
                tracing::warn!(
                    open_files = files,
                    asked = max_connections,
                    serving = fitted,
                    "the open-file limit lowers the connection cap"
                );
                fitted
            }
            Ok(_) => max_connections,
            Err(e) => {
                tracing::warn!(error = %e, "the open-file limit could not be read; the connection cap stays");
                max_connections
            }
        };
        Self { idle_timeout, max_connections: usize::try_from(max_connections.max(1)).unwrap_or(usize::MAX) }
    }
}

/// Accepts connections on `listener` and serves `router` on each until `shutdown` resolves, then stops accepting,
/// lets the requests under way finish (at most [`crate::limits::REQUEST_TIMEOUT`]) and returns. Each request
/// carries the peer's `ConnectInfo<SocketAddr>` (the per-address limits read it). When `limits.max_connections`
/// are open, the next connection waits in the listen backlog until one closes.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.min(Semaphore::MAX_PERMITS)));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.idle_timeout).keep_alive(true);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the connection semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = router.clone().map_request(move |request: hyper::Request<Incoming>| {
            let mut request = request.map(Body::new);
            request.extensions_mut().insert(ConnectInfo(peer));
            request
        });
        let connection = http.serve_connection(
            TokioIo::new(StallGuard::new(stream, limits.idle_timeout)),
            TowerToHyperService::new(service),
        );
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(peer = %peer, error = %e, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    if tokio::time::timeout(crate::limits::REQUEST_TIMEOUT, graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still under way at shutdown were cut off");
    }
    Ok(())
}

/// An accept that failed: a connection the peer already dropped is nothing; anything else (out of descriptors, most
/// often) is logged and the loop pauses a second so it does not spin.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        return;
    }
    tracing::error!(error = %e, "accepting a connection failed");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// A TCP stream whose writes fail with `TimedOut` once one has made no progress for the idle time-out: a client
/// that asks for a page and never reads it cannot hold its connection (and its slot) for good. Reads pass through;
/// hyper's head time-out bounds them.
struct StallGuard<S> {
    stream: S,
    timeout: Duration,
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> StallGuard<S> {
    fn new(stream: S, timeout: Duration) -> Self {
        Self { stream, timeout, stalled: None }
    }

    /// Passes a write's outcome through, starting the stall clock on its first `Pending` and stopping it on progress.
    fn watch<T>(&mut self, cx: &mut Context<'_>, outcome: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match outcome {
            Poll::Pending => {
                let timeout = self.timeout;
                let clock = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                ready!(clock.as_mut().poll(cx));
                Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading")))
            }
            done => {
                self.stalled = None;
                done
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for StallGuard<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for StallGuard<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let outcome = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, outcome)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let outcome = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, outcome)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let outcome = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, outcome)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test(start_paused = true)]
    async fn a_write_nobody_reads_fails_after_the_idle_time_out() {
        let (near, _far) = tokio::io::duplex(64);
        let mut guarded = StallGuard::new(near, Duration::from_secs(5));
        let started = tokio::time::Instant::now();
        let write = tokio::time::timeout(Duration::from_secs(60), guarded.write_all(&[0; 1024]));
        let error = write.await.expect("the stall ends the write").expect_err("the peer never reads");
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), Duration::from_secs(5));
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_reader_that_keeps_reading_is_never_cut_off() {
        let (near, mut far) = tokio::io::duplex(64);
        let reader = tokio::spawn(async move {
            let mut sink = Vec::new();
            let mut chunk = [0; 64];
            loop {
                tokio::time::sleep(Duration::from_secs(4)).await;
                match tokio::io::AsyncReadExt::read(&mut far, &mut chunk).await {
                    Ok(0) | Err(_) => break sink.len(),
                    Ok(n) => sink.extend_from_slice(&chunk[..n]),
                }
            }
        });
        let mut guarded = StallGuard::new(near, Duration::from_secs(5));
        guarded.write_all(&[1; 1024]).await.expect("each read frees room within the time-out");
        drop(guarded);
        assert_eq!(reader.await.unwrap(), 1024);
    }
}
