//! Which addresses a picture may be fetched from (issue 24): a feed is hostile until checked, and a picture URL that
//! names `127.0.0.1`, a host on the shop's own network or a cloud's metadata service would make the shop probe
//! them for whoever wrote the feed (SSRF). Only public unicast addresses are dialled.
//!
//! The check sits where the address is known: in the resolver reqwest asks for every host name (so a name that
//! resolves to a private address, first or after a redirect, is refused), and in [`check_url`] for a URL that
//! names an address itself, which reqwest dials without resolving (the first request and every redirect).

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// Which addresses may be dialled besides the public ones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AddressPolicy {
    /// Loopback addresses (`127.0.0.0/8`, `::1`) too: for tests and a picture server on the shop's own machine
    /// (`--pictures-allow-loopback`). Private networks stay refused.
    pub allow_loopback: bool,
}

/// The error of a refused address; [`super::fetch`] finds it in reqwest's error chain and records
/// `PICTURE_ADDRESS_REFUSED`.
#[derive(Debug, thiserror::Error)]
#[error("{0} is not a public address")]
pub struct AddressRefused(pub String);

impl AddressPolicy {
    /// Whether `ip` may be dialled.
    pub fn allows(self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        (self.allow_loopback && ip.is_loopback()) || is_public(ip)
    }
}

/// Whether `ip` is a public unicast address (neither loopback, private, link-local, shared, multicast, documentation,
/// benchmarking nor reserved: RFC 6890's special-purpose registries). IPv4-mapped and NAT64 IPv6 addresses are judged
/// by the IPv4 address they carry.
pub fn is_public(ip: IpAddr) -> bool {
    match ip.to_canonical() {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || a >= 240
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier-grade NAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (18..20).contains(&b))) // benchmarking
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let segments = ip.segments();
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [a, b] = segments[6].to_be_bytes();
        let [c, d] = segments[7].to_be_bytes();
        return is_public_v4(Ipv4Addr::new(a, b, c, d));
    }
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (segments[0] & 0xfe00) == 0xfc00 // unique local
        || (segments[0] & 0xffc0) == 0xfe80 // link-local
        || (segments[0] == 0x2001 && segments[1] == 0x0db8) // documentation
        || segments[0] == 0x0100) // discard-only
}

/// Checks a URL before it is requested or a redirect to it followed: a literal address must be allowed (a host name
/// is checked when [`GuardedResolver`] resolves it).
///
/// # Errors
/// [`AddressRefused`] for a literal address the policy refuses.
pub fn check_url(policy: AddressPolicy, url: &url::Url) -> Result<(), AddressRefused> {
    let ip = match url.host() {
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip),
        _ => return Ok(()),
    };
    if policy.allows(ip) { Ok(()) } else { Err(AddressRefused(ip.to_string())) }
}

/// The system resolver with the refused addresses taken out of every answer; a name with only refused addresses
/// fails with [`AddressRefused`].
#[derive(Debug, Clone, Copy)]
pub struct GuardedResolver(pub AddressPolicy);

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.0;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let allowed: Vec<SocketAddr> = found.iter().copied().filter(|a| policy.allows(a.ip())).collect();
            if allowed.is_empty() {
                let named = found.first().map_or_else(|| host.clone(), |a| format!("{host} ({})", a.ip()));
                return Err(Box::new(AddressRefused(named)) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(allowed.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_loopback_private_link_local_and_reserved_addresses() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "198.18.0.1",
            "240.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn allows_public_addresses() {
        for ip in ["93.184.216.34", "77.88.55.88", "2a02:6b8::2:242", "64:ff9b::5db8:d822", "::ffff:93.184.216.34"] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn loopback_is_allowed_only_when_asked_and_private_networks_never() {
        let open = AddressPolicy { allow_loopback: true };
        assert!(open.allows("127.0.0.1".parse().unwrap()));
        assert!(open.allows("::1".parse().unwrap()));
        assert!(!open.allows("192.168.0.1".parse().unwrap()));
        assert!(!AddressPolicy::default().allows("127.0.0.1".parse().unwrap()));
    }

    #[test]
    fn literal_addresses_in_urls_are_checked() {
        let strict = AddressPolicy::default();
        assert!(check_url(strict, &"http://127.0.0.1:8080/a.jpg".parse().unwrap()).is_err());
        assert!(check_url(strict, &"http://[::1]/a.jpg".parse().unwrap()).is_err());
        assert!(check_url(strict, &"http://10.0.0.1/a.jpg".parse().unwrap()).is_err());
        assert!(check_url(strict, &"http://shop.example/a.jpg".parse().unwrap()).is_ok());
        assert!(check_url(strict, &"http://93.184.216.34/a.jpg".parse().unwrap()).is_ok());
    }

    #[tokio::test]
    async fn the_resolver_refuses_a_name_of_the_loopback() {
        let err = GuardedResolver(AddressPolicy::default()).resolve("localhost".parse().unwrap()).await.err().unwrap();
        assert!(err.is::<AddressRefused>(), "{err}");
        let ok = GuardedResolver(AddressPolicy { allow_loopback: true }).resolve("localhost".parse().unwrap()).await;
        assert!(ok.is_ok());
    }
}
