//! Base45 (RFC 9285): bytes as text made only of QR alphanumeric characters,
//! so a QR code can hold them in its compact alphanumeric mode.

use thiserror::Error;

/// The RFC 9285 alphabet: digit `i` is `ALPHABET[i]`.
const ALPHABET: &[u8; 45] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/// Why a text is not valid base45. Positions count characters from 0.
/// (Shown inside "the code is damaged: …", so its words are translated.)
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Base45Error {
    InvalidCharacter {
        character: char,
        position: usize,
    },
    TruncatedGroup {
        length: usize,
    },
    GroupOutOfRange {
        position: usize,
        value: u32,
        max: u32,
    },
}

impl std::fmt::Display for Base45Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Base45Error::InvalidCharacter {
                character,
                position,
            } => crate::tr!(
                "character {} at position {} is not base45",
                format!("{character:?}"),
                position
            ),
            Base45Error::TruncatedGroup { length } => crate::tr!(
                "the text ends in the middle of a group (length {} is 3k+1)",
                length
            ),
            Base45Error::GroupOutOfRange {
                position,
                value,
                max,
            } => crate::tr!(
                "group at position {} is out of range ({} is more than {})",
                position,
                value,
                max
            ),
        };
        f.write_str(&text)
    }
}

/// Encodes bytes as base45: each 2 bytes become 3 characters, a last odd byte 2.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(2) * 3);
    for chunk in bytes.chunks(2) {
        let (mut value, digits) = match *chunk {
            [a, b] => (u32::from(a) << 8 | u32::from(b), 3),
            [a] => (u32::from(a), 2),
            _ => unreachable!("chunks(2) yields 1 or 2 bytes"),
        };
        // Least significant digit first, as the RFC specifies.
        for _ in 0..digits {
            out.push(char::from(ALPHABET[(value % 45) as usize]));
            value /= 45;
        }
    }
    out
}

/// Decodes base45 text. Strict: no lowercase, whitespace other than the
/// alphabet's space, or non-canonical groups are accepted.
pub fn decode(text: &str) -> Result<Vec<u8>, Base45Error> {
    let digits = text
        .chars()
        .enumerate()
        .map(|(position, character)| {
            digit_value(character).ok_or(Base45Error::InvalidCharacter {
                character,
                position,
            })
        })
        .collect::<Result<Vec<u32>, _>>()?;
    if digits.len() % 3 == 1 {
        return Err(Base45Error::TruncatedGroup {
            length: digits.len(),
        });
    }
    let mut out = Vec::with_capacity(digits.len() / 3 * 2 + 1);
    for (index, group) in digits.chunks(3).enumerate() {
        let value = group.iter().rev().fold(0, |acc, d| acc * 45 + d);
        // RFC 9285 section 6: a triple above 0xFFFF (e.g. ":::") must be
        // rejected; likewise a final pair above 0xFF cannot be one byte.
        let max = if group.len() == 3 { 0xFFFF } else { 0xFF };
        if value > max {
            return Err(Base45Error::GroupOutOfRange {
                position: index * 3,
                value,
                max,
            });
        }
        if group.len() == 3 {
            out.extend_from_slice(&(value as u16).to_be_bytes());
        } else {
            out.push(value as u8);
        }
    }
    Ok(out)
}

fn digit_value(c: char) -> Option<u32> {
    let byte = u8::try_from(c).ok()?;
    ALPHABET.iter().position(|&a| a == byte).map(|i| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::test_rng::Rng;

    #[test]
    fn rfc_examples() {
        assert_eq!(encode(b"AB"), "BB8");
        assert_eq!(encode(b"Hello!!"), "%69 VD92EX0");
        assert_eq!(encode(b"base-45"), "UJCLQE7W581");
        assert_eq!(decode("QED8WEX0").unwrap(), b"ietf!");
        assert_eq!(decode("BB8").unwrap(), b"AB");
        assert_eq!(decode("%69 VD92EX0").unwrap(), b"Hello!!");
        assert_eq!(decode("UJCLQE7W581").unwrap(), b"base-45");
    }

    #[test]
    fn empty_and_extremes() {
        assert_eq!(encode(b""), "");
        assert_eq!(decode("").unwrap(), b"");
        assert_eq!(encode(&[0]), "00");
        assert_eq!(encode(&[0, 0]), "000");
        assert_eq!(encode(&[0xFF]), "U5");
        assert_eq!(encode(&[0xFF, 0xFF]), "FGW");
        assert_eq!(decode("U5").unwrap(), [0xFF]);
        assert_eq!(decode("FGW").unwrap(), [0xFF, 0xFF]);
    }

    #[test]
    fn output_uses_only_the_alphabet() {
        let mut rng = Rng(7);
        let text = encode(&rng.bytes(1000));
        assert!(text.bytes().all(|b| ALPHABET.contains(&b)));
    }

    #[test]
    fn round_trips_random_bytes() {
        let mut rng = Rng(0xF1A6_FA11);
        for _ in 0..2000 {
            let len = (rng.next() % 200) as usize;
            let bytes = rng.bytes(len);
            let text = encode(&bytes);
            assert_eq!(text.len(), len / 2 * 3 + len % 2 * 2);
            assert_eq!(decode(&text).unwrap(), bytes, "text {text:?}");
        }
    }

    #[test]
    fn rejects_characters_outside_the_alphabet() {
        let err = decode("BB8ABCx").unwrap_err();
        assert_eq!(
            err,
            Base45Error::InvalidCharacter {
                character: 'x',
                position: 6
            }
        );
        assert_eq!(err.to_string(), "character 'x' at position 6 is not base45");
        // Lowercase is not base45, even though it looks like the uppercase.
        assert!(matches!(
            decode("bb8"),
            Err(Base45Error::InvalidCharacter { position: 0, .. })
        ));
        // Positions count characters, not bytes.
        assert_eq!(
            decode("éBB8").unwrap_err(),
            Base45Error::InvalidCharacter {
                character: 'é',
                position: 0
            }
        );
        assert_eq!(
            decode("BB8\n").unwrap_err().to_string(),
            "character '\\n' at position 3 is not base45"
        );
    }

    #[test]
    fn rejects_a_dangling_character() {
        for text in ["B", "BB8B", "BB8BB8B"] {
            let err = decode(text).unwrap_err();
            assert_eq!(err, Base45Error::TruncatedGroup { length: text.len() });
        }
        assert_eq!(
            decode("BB8B").unwrap_err().to_string(),
            "the text ends in the middle of a group (length 4 is 3k+1)"
        );
    }

    #[test]
    fn rejects_out_of_range_groups() {
        // ":::" is 44 + 44*45 + 44*45^2 = 91124; "GGW" is exactly 65536.
        for (text, position, value) in [(":::", 0, 91124), ("BB8GGW", 3, 65536)] {
            assert_eq!(
                decode(text).unwrap_err(),
                Base45Error::GroupOutOfRange {
                    position,
                    value,
                    max: 0xFFFF
                }
            );
        }
        // A final pair above 255 cannot be a single byte.
        assert_eq!(
            decode("BB8V5").unwrap_err(),
            Base45Error::GroupOutOfRange {
                position: 3,
                value: 256,
                max: 0xFF
            }
        );
        assert_eq!(
            decode("BB8BB8:::").unwrap_err().to_string(),
            "group at position 6 is out of range (91124 is more than 65535)"
        );
    }

    #[test]
    fn never_panics_on_arbitrary_text() {
        let mut rng = Rng(99);
        let pool: Vec<char> = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:az\0é🦀"
            .chars()
            .collect();
        for _ in 0..5000 {
            let len = (rng.next() % 12) as usize;
            let text: String = (0..len)
                .map(|_| pool[(rng.next() % pool.len() as u64) as usize])
                .collect();
            if let Ok(bytes) = decode(&text) {
                // Whatever decodes is canonical: it encodes back to the same text.
                assert_eq!(encode(&bytes), text);
            }
        }
    }
}
