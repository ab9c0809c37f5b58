//! The evaluation table file (TEMPORARY raw format until the codec lands).

/// Encodes the representatives' weights of `stages` stages.
pub fn encode(stages: usize, values: &[i16]) -> Vec<u8> {
    let mut out = (stages as u32).to_le_bytes().to_vec();
    for v in values {
        out.extend(v.to_le_bytes());
    }
    out
}

/// Decodes what [`encode`] wrote.
pub fn decode(bytes: &[u8]) -> Result<(usize, Vec<i16>), String> {
    if bytes.len() < 4 {
        return Err("evaluation table: too short".into());
    }
    let stages = u32::from_le_bytes(bytes[..4].try_into().unwrap()) as usize;
    let values = bytes[4..].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
    Ok((stages, values))
}
